package timestamptz

import (
	_ "embed"
	"fmt"
	"go/token"
	"maps"
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
	Analyzer.Flags.BoolVar(&allTables, "alltables", false, "report timestamp columns on every table, not only queue tables")
}

func run(pass *analysis.Pass) (any, error) {
	m := pass.ResultOf[queuemodel.Analyzer].(*queuemodel.Model)
	if len(m.Tables) == 0 {
		return nil, nil // no queue here: nothing to report, no schema to load
	}
	schema := m.Schema()
	if err := m.SchemaErr(); err != nil {
		return nil, err
	}
	for _, t := range tablesToReport(m, schema) {
		for _, col := range t.Columns {
			if col.Type.IsTimestampWithoutZone() {
				report(pass, m, t, col)
			}
		}
	}
	return nil, nil
}

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
		Message: fmt.Sprintf("%s.%s is timestamp without time zone: %s; use timestamptz", table, col.Name, consequence(col)),
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
	return e == "now()" || e == "current_timestamp" || e == "localtimestamp" || strings.HasPrefix(e, "now()") ||
		strings.HasPrefix(e, "current_timestamp") || strings.HasPrefix(e, "localtimestamp")
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
