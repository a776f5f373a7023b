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
	judged, err := Judge(m)
	if err != nil {
		return nil, err
	}
	for _, j := range judged {
		if j.Why == "" {
			report(pass, m, j.Lock)
		}
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
