package queuemodel

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// Releaser returns the analyzers that free, on each package, what only the
// given rules needed once they are done with it: the package's SSA, held
// by the effects layer and by the model's calls, and the model's inspector
// and call graph (on hatchet about 120 MB of inspectors alone, held to the
// end of the run). What the driver reads afterwards (-verify: the calls,
// tables and schema) stays. A driver that keeps every package's results to
// the end of the run (the standalone one) adds them after the rules it
// runs; under go vet each package is a process of its own and they are not
// needed.
//
// The rules run on the packages isRoot reports (the driver's). On the
// packages those import, only the analyzers that export facts run (and
// what they require), and the model of a package of the module there (a
// test variant: B as compiled for A's tests) held its SSA to the end of
// the run: on hatchet 259 of the 611 models built. The second analyzer
// frees those once the rules with facts are done there.
func Releaser(rules []*analysis.Analyzer, isRoot func(*types.Package) bool) []*analysis.Analyzer {
	onRoots := &analysis.Analyzer{
		Name:             "release",
		Doc:              "free each package's SSA once the rules are done with it",
		Run:              release,
		Requires:         append([]*analysis.Analyzer{Analyzer}, rules...),
		RunDespiteErrors: true,
	}
	onImported := &analysis.Analyzer{
		Name: "releaseimported",
		Doc:  "free the SSA of each package the rules' packages import once the rules with facts are done with it",
		Run: func(pass *analysis.Pass) (any, error) {
			if isRoot(pass.Pkg) {
				return nil, nil // onRoots' business: more rules run here
			}
			return release(pass)
		},
		Requires:         append([]*analysis.Analyzer{Analyzer}, withFacts(rules)...),
		FactTypes:        []analysis.Fact{(*released)(nil)}, // to run on every package imported
		RunDespiteErrors: true,
	}
	return []*analysis.Analyzer{onRoots, onImported}
}

// released is never exported: an analyzer with a fact type runs on every
// package its roots import.
type released struct{}

func (*released) AFact() {}

// withFacts returns the analyzers with facts among the given ones and
// those they require, transitively: what runs on an imported package.
func withFacts(as []*analysis.Analyzer) []*analysis.Analyzer {
	seen := map[*analysis.Analyzer]bool{}
	var out []*analysis.Analyzer
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		if len(a.FactTypes) > 0 {
			out = append(out, a)
		}
		for _, r := range a.Requires {
			visit(r)
		}
	}
	for _, a := range as {
		visit(a)
	}
	return out
}

func release(pass *analysis.Pass) (any, error) {
	if m, ok := pass.ResultOf[Analyzer].(*Model); ok {
		for _, c := range m.Calls {
			c.instr = nil
		}
		m.effects.Release()
		m.inspector, m.loops = nil, nil
	}
	return nil, nil
}
