package main

import (
	"cmp"
	"encoding/json"
	"fmt"
	"go/token"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/jobqlint/jobqlint/analyzers/jobrecords"
	"github.com/jobqlint/jobqlint/analyzers/migrationlock"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

// The model view (-model) prints what the queue model read, package by
// package: the queue tables, each statement with its role, and each call
// site whose SQL stayed unread with the reason. It answers "why is the tool
// silent here?". Text prints one line each; -format json prints one object,
// {"packages": [...]}, with per-package counts of SQL sites read and not
// read, and {"schemas": [...]}: for each module, the schema sources
// replayed and those set aside, with why; the findings' JSON array is
// unchanged. Under each schema, the migration statements that lock a queue
// table, with what migrationlock makes of each.

type modelView struct {
	Schemas  []modelSchema  `json:"schemas"`
	Packages []modelPackage `json:"packages"`
}

// A modelSchema is the schema sources of one module.
type modelSchema struct {
	Module  string        `json:"module"` // the module root
	Sources []modelSource `json:"sources"`
	// Locks are the migration statements that lock a queue table, with
	// what migrationlock makes of each: reported, or why not.
	Locks []modelLock `json:"migration_locks,omitempty"`
}

// A modelLock is a migration statement that locks a queue table.
type modelLock struct {
	modelPos
	Table    string `json:"table"`
	What     string `json:"what"`                    // ALTER TABLE, CREATE INDEX...
	Lock     string `json:"lock"`                    // the table lock it takes
	Tx       int    `json:"transaction"`             // numbered within its file from 1
	Apart    string `json:"sent_apart_by,omitempty"` // the Go code that sends the file a statement at a time
	Reported bool   `json:"reported"`
	Why      string `json:"why,omitempty"` // why it is not reported
}

type modelSource struct {
	Path  string `json:"path"` // a directory, or a file alone of its kind there
	Kind  string `json:"kind"` // goose migrations, sqlc schema (config), sqlc queries, SQL files, Go DDL...
	Files int    `json:"files"`
	Used  bool   `json:"used"`
	Why   string `json:"why,omitempty"` // why it was set aside
	// Outside: in the module's repository, outside the module, which
	// creates no table itself.
	Outside bool `json:"outside_module,omitempty"`
	// PathRepository: the repository the files were found in, when no
	// .git or go.work marks it and the module path names it.
	PathRepository string `json:"path_repository,omitempty"`
	// FitsModule: outside the module, read because its schema creates
	// every table the module's SQL names, not as a migration directory.
	FitsModule bool `json:"fits_module_sql,omitempty"`
}

type modelPackage struct {
	Package    string           `json:"package"`
	Sites      int              `json:"sql_sites"` // call sites that run SQL
	Read       int              `json:"read"`      // of which the SQL was read
	Unread     int              `json:"unread"`    // of which it was not
	Tables     []modelTable     `json:"tables"`
	Statements []modelStatement `json:"statements"`
	Dynamic    []modelSite      `json:"dynamic"` // the unread sites, with why
	// Halves are the package's functions that run one half of a claim its
	// callers complete, with what they run it on; Splits the claims the
	// package joins from such halves.
	Halves []modelHalf  `json:"halves,omitempty"`
	Splits []modelSplit `json:"splits,omitempty"`
	// Records are the job records of the package's workers: tables whose
	// rows a worker fed from elsewhere moves by key to a running state
	// before the work and to an outcome after it.
	Records []modelRecord `json:"job_records,omitempty"`
}

type modelRecord struct {
	modelPos          // the write to the running state
	Table    string   `json:"table"`
	Column   string   `json:"state_column"`
	Created  []string `json:"created"`
	Running  string   `json:"running"`
	Ended    []string `json:"ended"`
}

type modelHalf struct {
	modelPos
	Func string `json:"func"`
	Half string `json:"half"` // polls/takes TABLE on RECEIVER (locked BOOL)
}

type modelSplit struct {
	modelPos        // the poll's call
	Poll     string `json:"poll"`
	Take     string `json:"take"`
}

type modelTable struct {
	Name        string   `json:"name"`
	StateColumn string   `json:"state_column"`
	Created     []string `json:"created"` // the states jobs are created and polled in
	Claimed     []string `json:"claimed"`
	Terminal    []string `json:"terminal"`
	Lease       []string `json:"lease_columns"`
	Attempts    []string `json:"attempt_columns"`
	Inherited   bool     `json:"inherited"` // a dependency polls or claims it
	// Relay says the table is a relay queue (an outbox): polled unlocked,
	// its rows marked by key once handed on.
	Relay bool `json:"relay,omitempty"`
	// DueColumn is, for a due-time queue (no state: due rows read by time,
	// taken by a DELETE or an advance by key), its time column.
	DueColumn string `json:"due_column,omitempty"`
}

type modelStatement struct {
	modelPos
	Role  string `json:"role"`  // enqueue, poll, claim...; none; unparsed; other (not DML)
	Kind  string `json:"kind"`  // SELECT, INSERT, UPDATE, DELETE; "" when unparsed or not DML
	Table string `json:"table"` // "" when none or several
	Error string `json:"error,omitempty"`
	// Relay is "poll" for a relay queue's poll, "mark" for the UPDATE by
	// key that marks what it read.
	Relay string `json:"relay,omitempty"`
}

type modelSite struct {
	modelPos
	Reason string `json:"reason"`
}

type modelPos struct {
	File   string `json:"file"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
}

// printModel runs the queue model on the packages and prints it.
func printModel(pkgs []*packages.Package, format string, stdout, stderr io.Writer) int {
	graph, err := checker.Analyze([]*analysis.Analyzer{queuemodel.Analyzer, jobrecords.Analyzer}, pkgs, nil)
	if err != nil {
		fmt.Fprintf(stderr, "jobqlint: %v\n", err)
		return exitError
	}
	view, errs := buildModelView(graph)
	for _, e := range errs {
		fmt.Fprintf(stderr, "jobqlint: %v\n", e)
	}
	if len(errs) > 0 {
		return exitError
	}
	if format == "json" {
		err = writeModelJSON(stdout, view)
	} else {
		err = writeModelText(stdout, view)
	}
	if err != nil {
		fmt.Fprintf(stderr, "jobqlint: %v\n", err)
		return exitError
	}
	return exitClean
}

// buildModelView gathers the model of each root package, once per import
// path: a package's test variant holds its files and its tests, and stands
// for it; test mains are left out. Packages with no SQL are left out.
func buildModelView(g *checker.Graph) (modelView, []error) {
	chosen := map[string]*checker.Action{}
	var errs []error
	for act := range g.All() {
		if !act.IsRoot || act.Analyzer != queuemodel.Analyzer {
			continue
		}
		if act.Err != nil {
			errs = append(errs, fmt.Errorf("%s: %v", act.Package.PkgPath, act.Err))
			continue
		}
		p := act.Package
		if strings.HasSuffix(p.PkgPath, ".test") {
			continue
		}
		if old := chosen[p.PkgPath]; old == nil || len(p.CompiledGoFiles) > len(old.Package.CompiledGoFiles) {
			chosen[p.PkgPath] = act
		}
	}
	view := modelView{Schemas: []modelSchema{}, Packages: []modelPackage{}}
	roots := map[string]*queuemodel.Model{}
	locks := map[string][]modelLock{} // by module root
	for _, path := range slices.Sorted(mapKeys(chosen)) {
		act := chosen[path]
		m := act.Result.(*queuemodel.Model)
		mp := describePackage(path, act.Package.Fset, m)
		if mp.Sites > 0 || len(mp.Tables) > 0 || len(mp.Halves) > 0 || len(mp.Splits) > 0 || len(mp.Records) > 0 {
			view.Packages = append(view.Packages, mp)
			roots[m.ModuleRoot()] = m
		}
		judged, err := migrationlock.Judge(m)
		if err != nil {
			continue // the rule reports the schema's error
		}
		for _, j := range judged {
			l := j.Lock
			locks[m.ModuleRoot()] = append(locks[m.ModuleRoot()], modelLock{
				modelPos: modelPos{File: l.Loc.File, Line: l.Loc.Line, Column: l.Loc.Col},
				Table:    queuemodel.DisplayName(l.Table), What: l.What, Lock: l.Lock, Tx: j.Tx, Apart: j.Apart,
				Reported: j.Why == "", Why: j.Why,
			})
		}
	}
	for _, root := range slices.Sorted(mapKeys(roots)) {
		ms := modelSchema{Module: root, Sources: []modelSource{}}
		for _, u := range roots[root].SchemaSources() {
			ms.Sources = append(ms.Sources, modelSource{Path: u.Path, Kind: u.Kind, Files: u.Files, Used: u.Used, Why: u.Why, Outside: u.Outside, PathRepository: u.PathRepository, FitsModule: u.Fits})
		}
		ms.Locks = uniqueLocks(locks[root])
		view.Schemas = append(view.Schemas, ms)
	}
	slices.SortFunc(errs, func(a, b error) int { return cmp.Compare(a.Error(), b.Error()) })
	return view, errs
}

// uniqueLocks sorts the locks by position and keeps one of each: every
// package that reports a queue table's schema judges its migrations alike.
func uniqueLocks(locks []modelLock) []modelLock {
	slices.SortStableFunc(locks, func(a, b modelLock) int {
		return cmp.Or(comparePos(a.modelPos, b.modelPos), cmp.Compare(a.Table, b.Table))
	})
	return slices.CompactFunc(locks, func(a, b modelLock) bool { return a.modelPos == b.modelPos && a.Table == b.Table })
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// named lists states, each that a Go constant names as that constant and
// its value: status.Processing (2).
func named(t *queuemodel.QueueTable, states []string) []string {
	out := []string{}
	for _, v := range states {
		if n := t.StateName(v); n != "" {
			v = n + " (" + v + ")"
		}
		out = append(out, v)
	}
	return out
}

func describePackage(path string, fset *token.FileSet, m *queuemodel.Model) modelPackage {
	mp := modelPackage{Package: path, Tables: []modelTable{}, Statements: []modelStatement{}, Dynamic: []modelSite{}}
	for _, t := range m.QueueTables() {
		mp.Tables = append(mp.Tables, modelTable{
			Name: queuemodel.DisplayName(t.Name), StateColumn: t.StateColumn,
			Created: named(t, t.Runnable), Claimed: named(t, t.Claimed), Terminal: named(t, t.Terminal()),
			Lease: nonNil(t.LeaseColumns()), Attempts: nonNil(t.AttemptColumns()),
			Inherited: t.Inherited && !t.Local, Relay: t.Relay(), DueColumn: t.DueColumn,
		})
	}
	relay := relayRoles(m)
	for _, h := range m.Halves() {
		mp.Halves = append(mp.Halves, modelHalf{position(fset, h.Func.Pos()), queuemodel.FuncName(h.Func), h.Half.String()})
	}
	for _, s := range m.SplitClaims() {
		mp.Splits = append(mp.Splits, modelSplit{position(fset, s.PollSite.Pos()), queuemodel.FuncName(s.PollFunc), queuemodel.FuncName(s.TakeFunc)})
	}
	for _, s := range m.FarSplits() {
		mp.Splits = append(mp.Splits, modelSplit{position(fset, s.Pos()), s.PollName, s.TakeName})
	}
	for _, r := range m.JobRecords() {
		var ended []string
		for _, e := range r.Ends {
			if !slices.Contains(ended, e.State) {
				ended = append(ended, e.State)
			}
		}
		mp.Records = append(mp.Records, modelRecord{position(fset, r.Take.Call.Pos()), queuemodel.DisplayName(r.Table), r.Column, nonNil(r.Initial), r.Take.State, ended})
	}
	for _, c := range m.Calls {
		mp.Sites++
		pos := position(fset, c.Pos())
		if !c.Known {
			mp.Unread++
			mp.Dynamic = append(mp.Dynamic, modelSite{pos, c.Unread})
			continue
		}
		mp.Read++
		switch {
		case c.ParseErr != nil:
			mp.Statements = append(mp.Statements, modelStatement{modelPos: pos, Role: "unparsed", Error: c.ParseErr.Error()})
		case len(c.Stmts) == 0 && c.Function != nil && c.Function.Unread != "":
			// A call of a function whose body the tool does not read: it
			// stands for nothing, and the view says why.
			mp.Statements = append(mp.Statements, modelStatement{modelPos: pos, Role: "other",
				Error: "calls " + c.Function.Name + ", whose body is not read: " + c.Function.Unread})
		case len(c.Stmts) == 0:
			mp.Statements = append(mp.Statements, modelStatement{modelPos: pos, Role: "other"})
		}
		for _, st := range c.Stmts {
			mp.Statements = append(mp.Statements, modelStatement{modelPos: pos, Role: st.Role.String(), Kind: st.Kind.String(), Table: queuemodel.DisplayName(st.Table), Relay: relay[st]})
		}
	}
	// Calls are in file order; files in the order the loader gave them.
	slices.SortStableFunc(mp.Statements, func(a, b modelStatement) int { return comparePos(a.modelPos, b.modelPos) })
	slices.SortStableFunc(mp.Dynamic, func(a, b modelSite) int { return comparePos(a.modelPos, b.modelPos) })
	return mp
}

// relayRoles returns the relay queues' polls ("poll") and marks ("mark").
func relayRoles(m *queuemodel.Model) map[*queuemodel.Statement]string {
	out := map[*queuemodel.Statement]string{}
	for _, t := range m.QueueTables() {
		for _, poll := range t.RelayPolls() {
			out[poll] = "poll"
			for _, mark := range t.RelayMarks(poll) {
				out[mark] = "mark"
			}
		}
	}
	return out
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func position(fset *token.FileSet, pos token.Pos) modelPos {
	p := fset.Position(pos)
	return modelPos{File: p.Filename, Line: p.Line, Column: p.Column}
}

func comparePos(a, b modelPos) int {
	return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Column, b.Column))
}

func writeModelJSON(w io.Writer, view modelView) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(view)
}

// writeModelText prints a package a block: a header with the counts, a
// line per queue table, per statement and per unread site.
func writeModelText(w io.Writer, view modelView) error {
	var b strings.Builder
	for _, s := range view.Schemas {
		fmt.Fprintf(&b, "schema of %s:\n", relPath(s.Module))
		if len(s.Sources) == 0 {
			b.WriteString("  no migrations found\n")
		}
		for _, src := range s.Sources {
			files := "1 file"
			if src.Files != 1 {
				files = fmt.Sprintf("%d files", src.Files)
			}
			repo := ""
			if src.PathRepository != "" {
				repo = fmt.Sprintf("; no .git or go.work above the module: the repository is %s, as the module path names it", relPath(src.PathRepository))
			}
			switch {
			case src.Used && src.Outside && src.FitsModule:
				fmt.Fprintf(&b, "  replayed %s: %s, %s, from the repository outside the module (the module creates no table; no other Go module holds them; no migration directory does, and these create every table the module's SQL names%s)\n", relPath(src.Path), relKind(src.Kind), files, repo)
			case src.Used && src.Outside:
				fmt.Fprintf(&b, "  replayed %s: %s, %s, from the repository outside the module (the module creates no table; no other Go module holds them%s)\n", relPath(src.Path), relKind(src.Kind), files, repo)
			case src.Used:
				fmt.Fprintf(&b, "  replayed %s: %s, %s\n", relPath(src.Path), relKind(src.Kind), files)
			default:
				fmt.Fprintf(&b, "  set aside %s: %s, %s: %s%s\n", relPath(src.Path), relKind(src.Kind), files, relPaths(src.Why), repo)
			}
		}
		for _, l := range s.Locks {
			verdict := "reported"
			if !l.Reported {
				verdict = "not reported: " + l.Why
			}
			tx := fmt.Sprintf("transaction %d of its file", l.Tx)
			switch {
			case l.Apart != "" && l.Tx == 0:
				tx = "a transaction of its own (" + l.Apart + " sends the file a statement at a time)"
			case l.Apart != "":
				tx = fmt.Sprintf("BEGIN ... COMMIT block %d of its file (%s sends the file a statement at a time)", l.Tx, l.Apart)
			}
			fmt.Fprintf(&b, "  %s: migration lock: %s takes %s in %s mode, %s; %s\n", textPos(l.modelPos), l.What, l.Table, l.Lock, tx, verdict)
		}
	}
	for _, p := range view.Packages {
		fmt.Fprintf(&b, "%s: %d SQL sites, %d read, %d unread\n", p.Package, p.Sites, p.Read, p.Unread)
		for _, t := range p.Tables {
			if t.Inherited {
				fmt.Fprintf(&b, "  table %s: polled or claimed in a dependency\n", t.Name)
				continue
			}
			if t.DueColumn != "" {
				fmt.Fprintf(&b, "  table %s: due-time queue, due column %s (taken by a DELETE or an advance by key)\n", t.Name, t.DueColumn)
				continue
			}
			relay := ""
			if t.Relay {
				relay = "; relay (polled unlocked, marked by key once handed on)"
			}
			fmt.Fprintf(&b, "  table %s: state column %s; created %s; claimed %s; terminal %s; lease %s; attempts %s%s\n",
				t.Name, orDash(t.StateColumn), list(t.Created), list(t.Claimed), list(t.Terminal), list(t.Lease), list(t.Attempts), relay)
		}
		for _, s := range p.Statements {
			fmt.Fprintf(&b, "  %s: %s", textPos(s.modelPos), s.Role)
			switch {
			case s.Error != "":
				fmt.Fprintf(&b, ": %s", s.Error)
			case s.Kind != "":
				fmt.Fprintf(&b, " %s %s", s.Kind, orDash(s.Table))
			default:
				b.WriteString(" (not DML)")
			}
			if s.Relay != "" {
				fmt.Fprintf(&b, " (relay's %s)", s.Relay)
			}
			b.WriteString("\n")
		}
		for _, s := range p.Dynamic {
			fmt.Fprintf(&b, "  %s: unread: %s\n", textPos(s.modelPos), s.Reason)
		}
		for _, h := range p.Halves {
			fmt.Fprintf(&b, "  %s: half: %s %s\n", textPos(h.modelPos), h.Func, h.Half)
		}
		for _, s := range p.Splits {
			fmt.Fprintf(&b, "  %s: split claim: %s then %s\n", textPos(s.modelPos), s.Poll, s.Take)
		}
		for _, r := range p.Records {
			fmt.Fprintf(&b, "  %s: job record %s, state column %s, states %s -> %s -> %s\n", textPos(r.modelPos), r.Table, r.Column, list(r.Created), r.Running, list(r.Ended))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// relKind and relPaths show the paths in a source's kind (its sqlc
// configuration) and reason relative to the working directory, as the
// other paths of the text view are.
func relKind(kind string) string {
	if i := strings.LastIndex(kind, " ("); i >= 0 && strings.HasSuffix(kind, ")") {
		return kind[:i] + " (" + relPath(kind[i+2:len(kind)-1]) + ")"
	}
	return kind
}

func relPaths(s string) string {
	words := strings.Fields(s)
	for i, w := range words {
		if filepath.IsAbs(w) {
			words[i] = relPath(w)
		}
	}
	return strings.Join(words, " ")
}

func textPos(p modelPos) string { return fmt.Sprintf("%s:%d:%d", relPath(p.File), p.Line, p.Column) }

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func list(s []string) string {
	if len(s) == 0 {
		return "-"
	}
	return strings.Join(s, ", ")
}
