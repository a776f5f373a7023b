package queuemodel

import "golang.org/x/tools/go/analysis"

// Releaser returns an analyzer that runs on each package after the given
// ones and frees what only they needed: the package's SSA, held by the
// effects layer and by the model's calls. A driver that keeps every
// package's results to the end of the run (the standalone one) adds it
// after the rules it runs; under go vet each package is a process of its
// own and it is not needed.
func Releaser(rules []*analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:             "release",
		Doc:              "free each package's SSA once the rules are done with it",
		Run:              release,
		Requires:         append([]*analysis.Analyzer{Analyzer}, rules...),
		RunDespiteErrors: true,
	}
}

func release(pass *analysis.Pass) (any, error) {
	if m, ok := pass.ResultOf[Analyzer].(*Model); ok {
		for _, c := range m.Calls {
			c.instr = nil
		}
		m.effects.Release()
	}
	return nil, nil
}
