package migrationlock

import (
	_ "embed"
	"fmt"

	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/analyzers/rule"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

//go:embed rule.txtar
var record []byte

// Rule is the migrationlock rule: its documentation record and its analyzer.
var Rule = rule.New(record, &analysis.Analyzer{
	Requires: []*analysis.Analyzer{queuemodel.Analyzer},
	Run:      run,
})

// Analyzer reports the migrationlock rule's findings.
var Analyzer = Rule.Analyzer

func run(pass *analysis.Pass) (any, error) {
	m := pass.ResultOf[queuemodel.Analyzer].(*queuemodel.Model)
	if !m.ReportsAnySchema() {
		return nil, nil // no queue of its own here: nothing to report, no schema to load
	}
	schema := m.Schema()
	if err := m.SchemaErr(); err != nil {
		return nil, err
	}
	reported := map[string]bool{}
	for _, qt := range m.QueueTables() {
		if m.ReportsSchemaOf(qt) {
			reported[qt.Name] = true
		}
	}
	runners := newRunners(m.ModuleRoot())
	// The first statement of a transaction that can wait is reported, once:
	// a lock_timeout set before it bounds the later ones too.
	type txKey struct {
		file string
		tx   int
	}
	done := map[txKey]bool{}
	for _, l := range schema.Locks {
		// A Go string's migration boundaries and session are the program's:
		// the tool cannot tell what ran before it on the same connection.
		// A statement on a table whose ACCESS EXCLUSIVE lock its transaction
		// already holds cannot wait.
		key := txKey{l.Loc.File, l.Tx}
		if !reported[l.Table] || l.FromGo || l.Held || l.LockTimeout || done[key] || runners.setLockTimeout(l.Loc.File) {
			continue
		}
		done[key] = true
		report(pass, m, l)
	}
	return nil, nil
}

func report(pass *analysis.Pass, m *queuemodel.Model, l *sqlcheck.LockingDDL) {
	table := queuemodel.TableName(l.Table)
	pass.Report(analysis.Diagnostic{
		Pos: m.Pos(l.Loc),
		Message: fmt.Sprintf("%s locks queue table %s in %s mode with no lock_timeout set before it\n"+
			"no SET lock_timeout precedes it in the migration, so behind one long transaction on %s it waits for the lock, "+
			"and every claim, enqueue and completion waits behind it; "+
			"put SET lock_timeout = '5s' before it (or SET LOCAL in a migration that runs in a transaction) and retry the migration when it times out",
			l.What, table, l.Lock, table),
	})
}
