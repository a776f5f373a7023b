package timestamptz

import (
	_ "embed"
	"fmt"
	"go/token"
	"maps"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/analyzers/rule"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

//go:embed rule.txtar
var record []byte

// Rule is the timestamptz rule: its documentation record and its analyzer.
var Rule = rule.New(record, &analysis.Analyzer{
	Requires: []*analysis.Analyzer{queuemodel.Analyzer},
	Run:      run,
})

// Analyzer reports the timestamptz rule's findings.
var Analyzer = Rule.Analyzer

var allTables bool

func init() {
	Analyzer.Flags.BoolVar(&allTables, "alltables", false, "report every timestamp column of every table, not only the columns queue tables compare with the clock")
}

func run(pass *analysis.Pass) (any, error) {
	m := pass.ResultOf[queuemodel.Analyzer].(*queuemodel.Model)
	if !m.ReportsAnySchema() {
		return nil, nil // no queue of its own here: nothing to report, no schema to load
	}
	schema := m.Schema()
	if err := m.SchemaErr(); err != nil {
		return nil, err
	}
	for _, t := range tablesToReport(m, schema) {
		clock := clockColumns(m.Tables[t.Name])
		for col := range reclaimedInSchema(schema, m.Tables[t.Name]) {
			clock[col] = true
		}
		for _, col := range t.Columns {
			if col.Type.IsTimestampWithoutZone() && (allTables || clock[col.Name]) {
				report(pass, m, t, col)
			}
		}
	}
	return nil, nil
}

// clockColumns returns the columns of a queue table that the queue
// compares with a time: in the WHERE of a statement that polls, claims,
// reclaims or otherwise moves jobs (a bulk expiry among them), a column
// earlier or later than now() (shifted or not) or than a parameter; and
// the columns a poll orders jobs by, which times from sessions in
// different zones put out of order. Only those decide when a job runs: an
// audit column (created_at) or one only tested for NULL is never read
// against the clock, so its missing zone makes no job late.
func clockColumns(qt *queuemodel.QueueTable) map[string]bool {
	cols := map[string]bool{}
	if qt == nil {
		return cols
	}
	for _, st := range qt.Statements {
		if st.Role == queuemodel.RoleNone && len(st.Polls) == 0 && !movesState(qt, st) {
			continue
		}
		st.Stmt.Walk(func(s *sqlcheck.Stmt) {
			if s.Table == qt.Name {
				clockPreds(s.Where, cols)
			}
		})
		for _, p := range st.Polls {
			for _, o := range p.OrderBy {
				if p.Table == qt.Name && o.Column != "" {
					cols[o.Column] = true
				}
			}
		}
	}
	for col := range deadlines(qt) {
		cols[col] = true
	}
	return cols
}

// reclaimedInSchema returns the columns of a queue table that a function
// of the schema compares with the clock in an UPDATE or DELETE that picks
// claimed jobs: a reclaim the database runs (called by pg_cron, another
// service or an operator, not by this module's Go code), such as
// remove_locked_from_queue(age) deleting the rows locked before now() -
// age. Jobs are picked by a claimed state (status = 'running'), or, where
// any value of the state column means claimed (locked_at), by comparing
// that column itself. A function that purges finished jobs by age picks
// no claimed job: it decides what is kept, not when a job runs again.
func reclaimedInSchema(schema *sqlcheck.Schema, qt *queuemodel.QueueTable) map[string]bool {
	cols := map[string]bool{}
	if qt == nil || qt.StateColumn == "" || schema == nil {
		return cols
	}
	for _, f := range schema.Functions {
		for _, b := range f.Body {
			b.Stmt.Walk(func(s *sqlcheck.Stmt) {
				if s.Table == qt.Name && (s.Kind == sqlcheck.KindUpdate || s.Kind == sqlcheck.KindDelete) && picksClaimed(qt, s.Where) {
					clockPreds(s.Where, cols)
				}
			})
		}
	}
	return cols
}

// picksClaimed reports whether a WHERE keeps only claimed jobs.
func picksClaimed(qt *queuemodel.QueueTable, ps []sqlcheck.Pred) bool {
	anyValue := slices.Contains(qt.Claimed, sqlcheck.StateNotNull)
	for _, p := range ps {
		if p.Column != qt.StateColumn {
			continue
		}
		switch p.Op {
		case sqlcheck.OpEq, sqlcheck.OpIn:
			if len(p.Values) > 0 && !slices.ContainsFunc(p.Values, func(v sqlcheck.Value) bool {
				return v.Kind != sqlcheck.ValueConst || !slices.Contains(qt.Claimed, v.Str) && !anyValue
			}) {
				return true
			}
		case sqlcheck.OpIsNotNull, sqlcheck.OpLt, sqlcheck.OpLe, sqlcheck.OpGt, sqlcheck.OpGe:
			if anyValue {
				return true
			}
		}
	}
	return false
}

// deadlines returns the columns that hold a time the queue sets ahead of
// the clock and compares with it, whatever role the statements that do so
// play: a retry's backoff (executr's IncrementJobRetry sets retry_after =
// NOW() + interval, and GetRetriableJobs, a retry scan taken for no poll,
// picks the jobs whose retry_after < NOW()). A time written as now() plus
// a delay is a deadline; read back against now() in another zone it comes
// due early or late. A column only written from now() unshifted
// (updated_at) or only compared with it (a purge by created_at) is no
// deadline (accept_audit).
func deadlines(qt *queuemodel.QueueTable) map[string]bool {
	ahead, compared := map[string]bool{}, map[string]bool{}
	for _, st := range qt.Statements {
		st.Stmt.Walk(func(s *sqlcheck.Stmt) {
			if s.Table != qt.Name {
				return
			}
			for _, a := range s.Set {
				if isAhead(a.Value) {
					ahead[a.Column] = true
				}
			}
			for i, c := range s.InsertCols {
				if i < len(s.InsertValues) && isAhead(s.InsertValues[i]) {
					ahead[c] = true
				}
			}
			nowPreds(s.Where, compared)
		})
	}
	out := map[string]bool{}
	for col := range ahead {
		if compared[col] {
			out[col] = true
		}
	}
	return out
}

// isAhead reports whether a value is the clock plus a delay: now() +
// interval '1 minute' * power(2, retry_count).
func isAhead(v sqlcheck.Value) bool {
	return v.Kind == sqlcheck.ValueNow && aheadText.MatchString(v.Text)
}

var aheadText = regexp.MustCompile(`(?i)(\bnow\s*\(\s*\)|\bcurrent_timestamp\b|\bclock_timestamp\s*\(\s*\)|\bstatement_timestamp\s*\(\s*\)|\btransaction_timestamp\s*\(\s*\)|\blocaltimestamp\b)\s*\+`)

// nowPreds adds the columns that ps compare with now() (shifted or not).
func nowPreds(ps []sqlcheck.Pred, cols map[string]bool) {
	for _, p := range ps {
		for _, b := range p.Branches {
			nowPreds(b, cols)
		}
		switch p.Op {
		case sqlcheck.OpLt, sqlcheck.OpLe, sqlcheck.OpGt, sqlcheck.OpGe:
		default:
			continue
		}
		if p.Column != "" && len(p.Values) == 1 && p.Values[0].Kind == sqlcheck.ValueNow {
			cols[p.Column] = true
		}
	}
}

// movesState reports whether an UPDATE sets the state column: one that
// moves every job past a deadline (UPDATE ... SET status = 'expired' WHERE
// status < 50 AND expires_at <= now()) decides by the clock too.
func movesState(qt *queuemodel.QueueTable, st *queuemodel.Statement) bool {
	if qt.StateColumn == "" || st.Kind != sqlcheck.KindUpdate {
		return false
	}
	_, ok := st.Assigns(qt.StateColumn)
	return ok
}

func clockPreds(ps []sqlcheck.Pred, cols map[string]bool) {
	for _, p := range ps {
		for _, b := range p.Branches {
			clockPreds(b, cols)
		}
		switch p.Op {
		case sqlcheck.OpLt, sqlcheck.OpLe, sqlcheck.OpGt, sqlcheck.OpGe:
		default:
			continue
		}
		if p.Column != "" && len(p.Values) == 1 && isClock(p.Values[0]) {
			cols[p.Column] = true
		}
	}
}

// isClock reports whether a value compared with a column is a time the
// statement is given or reads from the clock.
func isClock(v sqlcheck.Value) bool {
	switch v.Kind {
	case sqlcheck.ValueNow, sqlcheck.ValueParam:
		return true
	case sqlcheck.ValueOther:
		return clockText.MatchString(v.Text)
	}
	return false
}

var clockText = regexp.MustCompile(`(?i)\bnow\s*\(|\bcurrent_timestamp\b|\blocaltimestamp\b|\$[0-9]+|@\w+|sqlc\.arg`)

// tablesToReport returns the schema tables this package reports: the queue
// tables it is the schema reporter of, and with -alltables every table when
// it reports the schema's problems.
func tablesToReport(m *queuemodel.Model, schema *sqlcheck.Schema) []*sqlcheck.Table {
	var out []*sqlcheck.Table
	seen := map[string]bool{}
	for _, qt := range m.QueueTables() {
		if t := schema.Table(qt.Name); t != nil && m.ReportsSchemaOf(qt) {
			out = append(out, t)
			seen[t.Name] = true
		}
	}
	if allTables && m.ReportsSchemaProblems() {
		for _, name := range slices.Sorted(maps.Keys(schema.Tables)) {
			if !seen[name] {
				out = append(out, schema.Tables[name])
			}
		}
	}
	return out
}

func report(pass *analysis.Pass, m *queuemodel.Model, t *sqlcheck.Table, col *sqlcheck.Column) {
	table := queuemodel.TableName(t.Name)
	d := analysis.Diagnostic{
		Pos:     m.Pos(col.Type.Loc),
		Message: fmt.Sprintf("%s.%s is timestamp without time zone\n%s; use timestamptz", table, col.Name, consequence(col)),
	}
	if col.Type.Exact && col.Type.Text != "" {
		start := m.Pos(col.Type.Loc)
		end := start + token.Pos(len(col.Type.Text))
		d.SuggestedFixes = []analysis.SuggestedFix{{
			Message:   fmt.Sprintf("change %s.%s to %s", table, col.Name, col.Type.Timestamptz()),
			TextEdits: []analysis.TextEdit{{Pos: start, End: end, NewText: []byte(col.Type.Timestamptz())}},
		}}
	}
	d.SuggestedFixes = append(d.SuggestedFixes, migration(table, col).Fix())
	pass.Report(d)
}

// consequence says what goes wrong with the column: with now() as its
// default, the seed's case; otherwise in terms of any time written to it.
func consequence(col *sqlcheck.Column) string {
	if col.Default != nil && isNow(col.Default.Text) {
		return "its default now() is stored as the writer's local time and compared in the reader's time zone, " +
			"so a job enqueued from a Europe/London session runs an hour late for a UTC worker in summer"
	}
	return "a time written into it loses its zone and is read back in the reader's session time zone, " +
		"so a time written from a Europe/London session is an hour off for a UTC worker in summer"
}

func isNow(expr string) bool {
	e := strings.ToLower(strings.TrimSpace(expr))
	return strings.HasPrefix(e, "now()") || strings.HasPrefix(e, "current_timestamp") || strings.HasPrefix(e, "localtimestamp")
}

// migration converts the column in a new migration. The stored values
// carry no zone: USING reads them as times of one zone, which the migration
// states for its reader to check; UTC is what a server on default settings
// and workers that set no zone wrote. The ALTER waits for the table's lock
// no longer than lockTimeout (see migrationlock): behind a long transaction
// it fails, and the deploy runs it again, instead of stopping the queue.
func migration(table string, col *sqlcheck.Column) rule.Migration {
	tbl, c := rule.QuoteIdent(table), rule.QuoteIdent(col.Name)
	orig := col.Type.Text
	if orig == "" || !col.Type.Exact {
		orig = "timestamp"
	}
	return rule.Migration{
		Name: table + "_" + col.Name + "_timestamptz",
		Up: fmt.Sprintf("%sALTER TABLE %s ALTER COLUMN %s TYPE %s USING %s AT TIME ZONE '%s'",
			lockTimeout, tbl, c, col.Type.Timestamptz(), c, Zone),
		Down: fmt.Sprintf("%sALTER TABLE %s ALTER COLUMN %s TYPE %s USING %s AT TIME ZONE '%s'", lockTimeout, tbl, c, orig, c, Zone),
		Comment: fmt.Sprintf("%s.%s held times without a zone; they are read as %s times. If the sessions that wrote them "+
			"ran in another TimeZone, put that zone here before applying. The ALTER rewrites the table under an "+
			"ACCESS EXCLUSIVE lock.", table, col.Name, Zone),
	}
}

// Zone is the time zone the migration fix reads stored timestamps in.
const Zone = "UTC"

// lockTimeout starts the migration fix. SET LOCAL lasts to the end of the
// migration, whether its tool runs it in a transaction or sends it as one
// string (checked on PostgreSQL 15 by migrationlock's evidence).
const lockTimeout = "SET LOCAL lock_timeout = '5s'; "
