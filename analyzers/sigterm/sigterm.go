package sigterm

import (
	_ "embed"

	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/analyzers/rule"
)

//go:embed rule.txtar
var record []byte

// Rule is the sigterm rule: its documentation record and its analyzer.
var Rule = rule.New(record, &analysis.Analyzer{
	Requires:  []*analysis.Analyzer{queuemodel.Analyzer, effects.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{(*NotifiesSIGTERM)(nil)},
})

// Analyzer reports the sigterm rule's findings.
var Analyzer = Rule.Analyzer

func run(pass *analysis.Pass) (any, error) {
	m := pass.ResultOf[queuemodel.Analyzer].(*queuemodel.Model)
	if m.Dependency() {
		return nil, nil
	}
	handled := handlesSIGTERM(pass, pass.ResultOf[effects.Analyzer].(*effects.Effects)) // and exports the package's NotifiesSIGTERM facts
	if pass.Pkg.Name() == "main" && !handled {
		checkShutdown(pass, m)
	}
	return nil, nil
}
