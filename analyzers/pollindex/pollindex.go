package pollindex

import (
	_ "embed"
	"fmt"
	"go/token"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers/internal/sqltext"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/analyzers/rule"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

//go:embed rule.txtar
var record []byte

// Rule is the pollindex rule: its documentation record and its analyzer.
var Rule = rule.New(record, &analysis.Analyzer{
	Requires: []*analysis.Analyzer{queuemodel.Analyzer},
	Run:      run,
})

// Analyzer reports the pollindex rule's findings.
var Analyzer = Rule.Analyzer

func run(pass *analysis.Pass) (any, error) {
	m := pass.ResultOf[queuemodel.Analyzer].(*queuemodel.Model)
	if !m.ReportsAnySchema() {
		return nil, nil // no queue of its own: no schema to load
	}
	schema := m.Schema()
	if err := m.SchemaErr(); err != nil {
		return nil, err
	}
	reported := map[string]bool{} // one finding per table and missing index
	for _, c := range m.Calls {
		for _, st := range c.Stmts {
			for _, poll := range st.Polls {
				qt := m.Tables[poll.Table]
				if qt == nil || !m.ReportsSchemaOf(qt) {
					continue // the package that claims from the table reports its schema
				}
				t := schema.Table(poll.Table)
				if t == nil {
					continue // the table's schema is not in the module
				}
				if m.DeclaredForTests(t) {
					continue // a test helper's table: the deployed indexes are not in the module
				}
				if !t.Names(poll) {
					continue // written for another schema: these indexes say nothing about it
				}
				poll := withInertFilters(qt, withoutVolatileOrder(poll))
				if len(poll.Where) == 0 && len(poll.OrderBy) == 0 {
					continue // any row will do: jobs leave the table when done, no index needed
				}
				if oneRowPerKey(qt, t) {
					continue // a schedule per name: nothing accumulates for the poll to walk
				}
				if idx := ownerBounded(t, poll, keepsNoFinished(qt)); idx != nil && !m.PolledInLoop(st, ownerParams(poll, idx)...) {
					continue // one owner's rows (a draft's picks, a campaign's recipients), or one row
				}
				_, verdict := t.PollIndex(poll)
				idx := unorderedOnly(t, poll)
				unordered := verdict == sqlcheck.Served && idx != nil
				if verdict != sqlcheck.NotServed && !unordered {
					continue
				}
				if unordered && poll.Limit == nil {
					continue // it takes every runnable row: they are all read and sorted whatever the index
				}
				backlog := !unordered && keepsNoFinished(qt)
				if backlog && givesOrder(t, poll) {
					continue // no finished rows to walk, and the first waiting one comes first
				}
				if !backlog && !unordered && flipsBetweenPolls(m, qt) {
					continue // every row stays live: no finished rows for the poll to walk
				}
				add := sqltext.Display(sqlcheck.SuggestPollIndex(t, poll))
				if reported[add] {
					continue
				}
				reported[add] = true
				if backlog {
					pass.Report(backlogDiagnostic(pass.Fset, m, t, poll, st, add))
					continue
				}
				if unordered {
					pass.Report(unorderedDiagnostic(pass.Fset, m, t, poll, st, idx, add))
					continue
				}
				pass.Report(diagnostic(pass.Fset, m, t, poll, st, add))
			}
		}
	}
	return nil, nil
}

// keepsNoFinished reports whether a queue deletes its jobs when they are
// acknowledged or expire, and never moves one to a finished state: the
// table holds only jobs waiting or in progress, so an unindexed poll walks
// no finished jobs.
func keepsNoFinished(qt *queuemodel.QueueTable) bool {
	deletes := false
	for _, st := range qt.Statements {
		switch {
		case st.Role == queuemodel.RoleComplete && st.Kind == sqlcheck.KindDelete:
			deletes = true
		case st.Role == queuemodel.RoleClaim && st.Kind == sqlcheck.KindDelete:
			deletes = true // the claim takes the job out of the table
		case st.Kind == sqlcheck.KindDelete && st.Role == queuemodel.RoleNone:
			deletes = true // DELETE ... WHERE expires_at < now(): expired jobs
		case st.Role == queuemodel.RoleComplete, st.Role == queuemodel.RoleFail:
			return false // an UPDATE to a terminal state: finished rows stay
		case st.Kind == sqlcheck.KindUpdate && st.Role != queuemodel.RoleClaim && qt.StateColumn != "" && writesUnseenState(st, qt.StateColumn):
			return false // a state its callers give (sent, failed) may keep finished rows; a claim's is the job in progress
		}
	}
	return deletes
}

// flipsBetweenPolls reports whether the table's claims flip rows between
// states that each other's polls pick, as one claim marks a monitor
// unhealthy and another marks it healthy again (UPDATE ... SET last_state
// = 'unhealthy' FROM (SELECT ... WHERE last_state <> 'unhealthy' ...), and
// back): the state each claim writes is one another statement's poll takes
// rows in, and so is every state a poll skips and every state the module
// writes. No row reaches a state it stays in, so the table holds live
// rows, not a history of finished ones. A state written as a parameter,
// or by SQL elsewhere in the module that no poll picks, may be a finished
// one; a claim whose state only its own poll picks (status <> 'done') is
// a queue whose finished state is out of sight.
func flipsBetweenPolls(m *queuemodel.Model, qt *queuemodel.QueueTable) bool {
	col := qt.StateColumn
	if col == "" {
		return false
	}
	type pick struct {
		by     *queuemodel.Statement
		states sqlcheck.States
	}
	var picks []pick
	for _, st := range qt.Statements {
		for _, poll := range st.Polls {
			if poll.Table != qt.Name {
				continue
			}
			s, ok := sqlcheck.FilterStates(poll.Where, col)
			if !ok {
				return false // a poll that picks any state: not a flip between states
			}
			picks = append(picks, pick{st, s})
		}
	}
	pickedBy := func(v string, other *queuemodel.Statement) bool {
		return slices.ContainsFunc(picks, func(p pick) bool { return p.by != other && p.states.Admits(v) })
	}
	for _, p := range picks {
		for _, v := range p.states.In {
			if p.states.Not && !pickedBy(v, nil) {
				return false // a state the poll skips and none takes rows in
			}
		}
	}
	for _, st := range qt.Statements {
		if st.Kind != sqlcheck.KindUpdate {
			continue
		}
		if _, ok := st.Assigns(col); !ok {
			continue
		}
		state, known := qt.AssignedState(st)
		if !known || !pickedBy(state, st) {
			return false // a state callers give, or one only its own poll picks
		}
	}
	for _, top := range m.ModuleStatements() {
		if top.Table != qt.Name || top.Kind != sqlcheck.KindUpdate {
			continue
		}
		for _, a := range top.Set {
			if a.Column == col && (a.Value.Kind != sqlcheck.ValueConst || !pickedBy(a.Value.Str, nil)) {
				return false
			}
		}
	}
	return len(picks) > 0
}

// writesUnseenState reports whether an UPDATE sets the state column to a
// value the tool does not see: a parameter no constant is bound to.
func writesUnseenState(st *queuemodel.Statement, col string) bool {
	v, ok := st.Assigns(col)
	return ok && v.Kind == sqlcheck.ValueParam
}

// oneRowPerKey reports whether every INSERT into the table is an upsert
// on its primary key (ON CONFLICT (key) DO UPDATE) and the key has no
// default: the code names each row (a cron table's schedule names), and
// writing a name again replaces its row, so the table holds one row per
// name, never a row per run.
func oneRowPerKey(qt *queuemodel.QueueTable, t *sqlcheck.Table) bool {
	var key []string
	for _, idx := range t.Indexes {
		if idx.Primary {
			for _, k := range idx.Keys {
				c := t.Column(k.Column)
				if c == nil || c.Default != nil || strings.HasSuffix(c.Type.Name, "serial") {
					return false // an expression, or a key the database makes for each row
				}
				key = append(key, k.Column)
			}
		}
	}
	if len(key) == 0 {
		return false
	}
	inserts := 0
	for _, st := range qt.Statements {
		if st.Kind != sqlcheck.KindInsert {
			continue
		}
		inserts++
		if !st.ConflictUpdate || !sameSet(st.ConflictCols, key) {
			return false
		}
	}
	return inserts > 0
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

// givesOrder reports whether an index hands a poll its rows in the poll's
// order, so that the poll stops at the first one that passes its filter:
// the index's keys are columns the poll fixes by equality, then its first
// ORDER BY key. A poll with no order takes the first row that passes.
func givesOrder(t *sqlcheck.Table, poll *sqlcheck.Stmt) bool {
	if len(poll.OrderBy) == 0 {
		return true
	}
	eq := map[string]bool{}
	for _, p := range poll.Where {
		if p.Op == sqlcheck.OpEq && len(p.Values) == 1 && p.Column != "" {
			eq[p.Column] = true
		}
	}
	first := poll.OrderBy[0]
	for _, idx := range t.Indexes {
		for _, k := range idx.Keys {
			if k.Column != "" && eq[k.Column] {
				continue
			}
			if (first.Column != "" && k.Column == first.Column) || (first.Column == "" && k.Expr == first.Expr) {
				return true
			}
			break
		}
	}
	return false
}

// backlogDiagnostic reports a poll on a table that holds only waiting jobs
// when no index gives the poll its order: each poll reads and sorts every
// waiting job to take the first.
func backlogDiagnostic(fset *token.FileSet, m *queuemodel.Model, t *sqlcheck.Table, poll *sqlcheck.Stmt, st *queuemodel.Statement, add string) analysis.Diagnostic {
	table := queuemodel.TableName(t.Name)
	msg := withPoll("no index gives the poll on "+table, st.Call.Display(describe(poll)), " its order",
		"the table keeps only waiting jobs, but every poll reads and sorts all of them before it takes the first, and a backlog makes each poll slower")
	d := atTable(fset, m, t, st, msg+"; "+addIndex+add)
	d.SuggestedFixes = []analysis.SuggestedFix{migration(t, add).Fix()}
	return d
}

func diagnostic(fset *token.FileSet, m *queuemodel.Model, t *sqlcheck.Table, poll *sqlcheck.Stmt, st *queuemodel.Statement, add string) analysis.Diagnostic {
	table := queuemodel.TableName(t.Name)
	msg := withPoll("no index serves the poll on "+table, st.Call.Display(describe(poll)), "", "every poll walks the finished jobs before it finds a runnable one")
	if idx := secondaryIndexes(t); idx != "" {
		msg += "; " + idx
	}
	d := atTable(fset, m, t, st, msg+"; "+addIndex+add)
	d.SuggestedFixes = []analysis.SuggestedFix{migration(t, add).Fix()}
	return d
}

// migration builds the index without blocking the queue's writes while it
// is built: CONCURRENTLY, which cannot run in a transaction block.
func migration(t *sqlcheck.Table, add string) rule.Migration {
	rest, _ := strings.CutPrefix(add, "CREATE INDEX CONCURRENTLY ")
	name, _, _ := strings.Cut(rest, " ")
	if schema, _, ok := strings.Cut(t.Name, "."); ok && schema != "public" {
		name = schema + "." + name
	}
	return rule.Migration{
		Name:          strings.ReplaceAll(name, ".", "_"),
		Up:            "CREATE INDEX CONCURRENTLY " + rest,
		Down:          "DROP INDEX CONCURRENTLY IF EXISTS " + name,
		NoTransaction: true,
		Comment:       "The index the queue's poll needs, built without locking out writes (CONCURRENTLY, outside a transaction).",
	}
}

// addIndex introduces the suggested index: CONCURRENTLY, because a plain
// CREATE INDEX blocks every INSERT and UPDATE on the queue while it builds.
const addIndex = "add in a new migration, CONCURRENTLY so that building it does not block writes on the live queue table (outside a transaction block): "

// unorderedDiagnostic reports a plain btree that finds the runnable rows by
// equality but does not hold them in the poll's order.
func unorderedDiagnostic(fset *token.FileSet, m *queuemodel.Model, t *sqlcheck.Table, poll *sqlcheck.Stmt, st *queuemodel.Statement, idx *sqlcheck.Index, add string) analysis.Diagnostic {
	table := queuemodel.TableName(t.Name)
	msg := withPoll(fmt.Sprintf("the index %s finds the runnable rows of the poll on %s", idx, table), st.Call.Display(describe(poll)), " but not in its order",
		"every poll reads and sorts all runnable rows before it takes the first, and a backlog makes each poll slower; "+addIndex+add)
	d := atTable(fset, m, t, st, msg)
	d.SuggestedFixes = []analysis.SuggestedFix{migration(t, add).Fix()}
	return d
}

// withPoll writes a message whose first clause names the poll by its
// filter and order, in parentheses after head, when that clause stays
// within rule.MaxClause characters; a longer description opens the detail.
func withPoll(head, poll, tail, detail string) string {
	if clause := head + " (" + poll + ")" + tail; utf8.RuneCountInString(sqltext.Display(clause)) <= rule.MaxClause {
		return clause + "\n" + detail
	}
	return head + tail + "\nthe poll: " + poll + "; " + detail
}

// atTable places a finding where its fix goes, at the queue table's CREATE
// TABLE, with the poll as a related position: the statement's ORDER BY,
// the order the missing index would give, when it is on a line of its own
// in Go.
func atTable(fset *token.FileSet, m *queuemodel.Model, t *sqlcheck.Table, st *queuemodel.Statement, msg string) analysis.Diagnostic {
	at, _ := st.PosAt(fset, sqlcheck.ClauseOrderBy)
	return analysis.Diagnostic{
		Pos:     m.Pos(t.Loc),
		Message: sqltext.Display(msg),
		Related: append([]analysis.RelatedInformation{{Pos: at, Message: "the poll"}}, st.Related()...),
	}
}

// unorderedOnly returns the index serving a poll when every index that
// serves it leaves the poll to sort all runnable rows; nil when some index
// serves it in order, or might (one the tool cannot evaluate).
func unorderedOnly(t *sqlcheck.Table, poll *sqlcheck.Stmt) *sqlcheck.Index {
	var unordered *sqlcheck.Index
	for _, idx := range t.Indexes {
		one := *t
		one.Indexes = []*sqlcheck.Index{idx}
		switch _, v := one.PollIndex(poll); {
		case v == sqlcheck.Unknown, v == sqlcheck.Served && !sortsAll(idx, poll):
			return nil
		case v == sqlcheck.Served && unordered == nil:
			unordered = idx
		}
	}
	return unordered
}

// sortsAll reports whether a plain btree that serves a poll by its
// equality filters lacks the poll's order column altogether, so that the
// poll sorts every row it finds: (status) under ORDER BY run_at, (queue)
// under WHERE queue = $1 ... ORDER BY run_at. An index that holds the order
// column after a range column ((queue, run_at, priority) under run_at <=
// $2 ORDER BY priority) is a trade-off its authors chose, not reported.
func sortsAll(idx *sqlcheck.Index, poll *sqlcheck.Stmt) bool {
	if idx == nil || idx.Where != nil || len(poll.OrderBy) == 0 {
		return false
	}
	eq := map[string]bool{}
	for _, p := range poll.Where {
		if p.Op == sqlcheck.OpEq && len(p.Values) == 1 && p.Column != "" {
			eq[p.Column] = true
		}
	}
	for _, o := range poll.OrderBy {
		if o.Column != "" && eq[o.Column] {
			continue // ordering by a column fixed by the filter
		}
		for _, k := range idx.Keys {
			if (o.Column != "" && k.Column == o.Column) || k.Expr == o.Expr {
				return false
			}
		}
		return true
	}
	return false
}

// describe summarizes a poll's filter and order, as SQL.
func describe(poll *sqlcheck.Stmt) string {
	var parts []string
	var where []string
	for _, p := range poll.Where {
		if p.Op == sqlcheck.OpOther && len(poll.Where) > 1 {
			where = append(where, "("+p.Text+")")
		} else {
			where = append(where, p.Text)
		}
	}
	if len(where) > 0 {
		parts = append(parts, "WHERE "+strings.Join(where, " AND "))
	}
	var order []string
	for _, o := range poll.OrderBy {
		order = append(order, o.Expr)
	}
	if len(order) > 0 {
		parts = append(parts, "ORDER BY "+strings.Join(order, ", "))
	}
	return strings.Join(parts, " ")
}

// secondaryIndexes lists the table's indexes other than its primary key.
func secondaryIndexes(t *sqlcheck.Table) string {
	var names []string
	for _, idx := range t.Indexes {
		if !idx.Primary {
			names = append(names, idx.String())
		}
	}
	switch len(names) {
	case 0:
		return ""
	case 1:
		return "the existing index " + names[0] + " does not help"
	}
	return "the existing indexes " + strings.Join(names, ", ") + " do not help"
}

// ownerBounded returns the index that bounds a poll to one owner's rows:
// the poll fixes its leading columns by equalities on values its caller
// binds (draft_id = $1), and its next columns give the poll's order (a
// unique key (draft_id, overall_pick) for ORDER BY overall_pick; any
// when the poll has none: the primary key (campaign_id, address) for one
// campaign's pending recipients). The poll then walks the rows of the
// draft, the campaign its caller names, never the rest of the table,
// whatever it holds. It returns nil for a
// poll that takes its rows with SKIP LOCKED: workers competing for an
// owner's rows take them again and again (a tenant's tasks), and that
// owner's finished rows pile up in the range the poll walks; so does a
// poll the package runs in a loop (see PolledInLoop, asked by the caller).
// On a table that keeps no finished rows (anyOrder: claims and
// completions delete them), the owner's rows are the ones still waiting:
// a user's few key packages, taken by DELETE ... RETURNING. The next
// columns need not give the order then; sorting one owner's waiting rows
// is the poll's whole cost.
func ownerBounded(t *sqlcheck.Table, poll *sqlcheck.Stmt, anyOrder bool) *sqlcheck.Index {
	if poll.Lock != nil && poll.Lock.SkipLocked {
		return nil
	}
	bound := map[string]bool{}
	for _, p := range poll.Where {
		if p.Op == sqlcheck.OpEq && len(p.Branches) == 0 && len(p.Values) == 1 && p.Values[0].Kind == sqlcheck.ValueParam && p.Column != "" {
			bound[p.Column] = true
		}
	}
	if len(bound) == 0 {
		return nil
	}
	for _, idx := range t.Indexes {
		if idx.Where != nil {
			continue // a partial index: servesPoll judges it
		}
		k := 0
		for k < len(idx.Keys) && idx.Keys[k].Column != "" && bound[idx.Keys[k].Column] {
			k++
		}
		if k == 0 {
			continue
		}
		if anyOrder || ordersBy(idx.Keys[k:], poll.OrderBy) {
			return idx
		}
	}
	return nil
}

// ordersBy reports whether index keys, read in order, give an ORDER BY:
// its keys are the first ones, all in one direction (a B-tree is read
// backwards for DESC). No ORDER BY is given by any.
func ordersBy(keys []sqlcheck.IndexKey, order []sqlcheck.OrderItem) bool {
	if len(order) > len(keys) {
		return false
	}
	for i, o := range order {
		if o.Desc != order[0].Desc || o.Column == "" || keys[i].Column != o.Column {
			return false
		}
	}
	return true
}

// ownerParams returns the bind parameters that fix an owner index's
// leading columns in a poll: whose rows it reads.
func ownerParams(poll *sqlcheck.Stmt, idx *sqlcheck.Index) []int {
	var params []int
	for _, k := range idx.Keys {
		at := slices.IndexFunc(poll.Where, func(p sqlcheck.Pred) bool {
			return p.Column != "" && p.Column == k.Column && p.Op == sqlcheck.OpEq && len(p.Branches) == 0 && len(p.Values) == 1 && p.Values[0].Kind == sqlcheck.ValueParam
		})
		if at < 0 {
			break
		}
		params = append(params, poll.Where[at].Values[0].Param)
	}
	return params
}

// withoutVolatileOrder returns the poll without the keys of its ORDER BY
// that no index can give: a random pick (ORDER BY random() LIMIT 1, as
// labtether's demo generator picks an alert to flip) sorts its matching
// rows by a value drawn per row, and PostgreSQL refuses a volatile
// function in an index (CREATE INDEX ... (random()): "functions in index
// expression must be marked IMMUTABLE", checked on PostgreSQL 15). Only
// its WHERE can be served; an index that serves it leaves nothing to
// report.
func withoutVolatileOrder(poll *sqlcheck.Stmt) *sqlcheck.Stmt {
	if !slices.ContainsFunc(poll.OrderBy, volatileKey) {
		return poll
	}
	p := *poll
	p.OrderBy = slices.DeleteFunc(slices.Clone(poll.OrderBy), volatileKey)
	return &p
}

// withInertFilters marks the poll's IS NULL filters that cannot tell a
// runnable job from a finished one: on a column no statement of the queue
// writes, as a soft-delete column (deleted_at IS NULL, which GORM adds to
// every query of a model with a gorm.DeletedAt) is on a queue whose jobs
// finish by their state. An index on such a column holds every job, finished
// ones included. The state column's own filter is never inert, and a queue
// whose state column is not known is left as it is: a write the model could
// not read may be what clears them.
func withInertFilters(qt *queuemodel.QueueTable, poll *sqlcheck.Stmt) *sqlcheck.Stmt {
	if qt.StateColumn == "" {
		return poll
	}
	written := func(col string) bool {
		return slices.ContainsFunc(qt.Statements, func(st *queuemodel.Statement) bool {
			_, ok := st.Assigns(col)
			return ok
		})
	}
	var where []sqlcheck.Pred
	for i, p := range poll.Where {
		if p.Op == sqlcheck.OpIsNull && p.Column != "" && p.Column != qt.StateColumn && !written(p.Column) {
			if where == nil {
				where = slices.Clone(poll.Where)
			}
			where[i].Inert = true
		}
	}
	if where == nil {
		return poll
	}
	p := *poll
	p.Where = where
	return &p
}

func volatileKey(o sqlcheck.OrderItem) bool {
	return o.Column == "" && volatileCall.MatchString(o.Expr)
}

var volatileCall = regexp.MustCompile(`(?i)\b(random|gen_random_uuid|uuid_generate_v4|clock_timestamp|timeofday)\s*\(`)
