package queuemodel_test

import (
	"go/types"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

// The releaser frees a package's SSA, inspector and call graph only after
// the rules it follows have run: a rule still sees them, and an analyzer
// that runs after the releaser does not.
func TestReleaser(t *testing.T) {
	var heldForRule, heldAfter, indexForRule, indexAfter bool
	rule := &analysis.Analyzer{
		Name:     "rule",
		Doc:      "a rule that reads the model",
		Requires: []*analysis.Analyzer{queuemodel.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			m := pass.ResultOf[queuemodel.Analyzer].(*queuemodel.Model)
			heldForRule, indexForRule = queuemodel.SSAHeld(m), queuemodel.IndexHeld(m)
			return nil, nil
		},
	}
	release := queuemodel.Releaser([]*analysis.Analyzer{rule}, func(*types.Package) bool { return true })
	after := &analysis.Analyzer{
		Name:     "after",
		Doc:      "runs after the releaser",
		Requires: append([]*analysis.Analyzer{queuemodel.Analyzer}, release...),
		Run: func(pass *analysis.Pass) (any, error) {
			m := pass.ResultOf[queuemodel.Analyzer].(*queuemodel.Model)
			heldAfter, indexAfter = queuemodel.SSAHeld(m), queuemodel.IndexHeld(m)
			return nil, nil
		},
	}
	ruletest.Run(t, after, "notqueue_email") // any package with SQL calls: the model asks SSA for their arguments
	require.True(t, heldForRule, "the rule ran without the package's SSA")
	require.False(t, heldAfter, "the package's SSA outlived the releaser")
	require.True(t, indexForRule, "the rule ran without the model's inspector and call graph")
	require.False(t, indexAfter, "the model's inspector or call graph outlived the releaser")
}

type seenFact struct{}

func (*seenFact) AFact() {}

// On a package the checked ones import, only the rules with facts run:
// the releaser frees its model once they are done there, and leaves the
// checked package's to the rules that run only there.
func TestReleaserOnImportedPackages(t *testing.T) {
	var mu sync.Mutex
	models := map[string]*queuemodel.Model{}
	heldForRule := map[string]bool{}
	withFacts := &analysis.Analyzer{
		Name:      "withfacts",
		Doc:       "a rule with facts: it runs on every package imported",
		Requires:  []*analysis.Analyzer{queuemodel.Analyzer},
		FactTypes: []analysis.Fact{(*seenFact)(nil)},
		Run: func(pass *analysis.Pass) (any, error) {
			m := pass.ResultOf[queuemodel.Analyzer].(*queuemodel.Model)
			mu.Lock()
			defer mu.Unlock()
			models[pass.Pkg.Path()] = m
			heldForRule[pass.Pkg.Path()] = queuemodel.SSAHeld(m) && queuemodel.IndexHeld(m)
			return nil, nil
		},
	}
	var heldForLocal bool
	local := &analysis.Analyzer{
		Name:     "local",
		Doc:      "a rule without facts: it runs only on the checked package",
		Requires: []*analysis.Analyzer{queuemodel.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			// Nothing orders the second releaser after this rule: were it
			// to free the checked package's model, it would have by then.
			time.Sleep(time.Second)
			m := pass.ResultOf[queuemodel.Analyzer].(*queuemodel.Model)
			heldForLocal = queuemodel.IndexHeld(m)
			return nil, nil
		},
	}
	rules := []*analysis.Analyzer{withFacts, local}
	release := queuemodel.Releaser(rules, func(p *types.Package) bool { return p.Path() == "releasedep" })
	all := &analysis.Analyzer{
		Name:     "all",
		Doc:      "the rules and the releaser, as the driver runs them",
		Requires: append(rules, release...),
		Run:      func(*analysis.Pass) (any, error) { return nil, nil },
	}
	ruletest.Run(t, all, "releasedep")
	require.True(t, heldForRule["notqueue_email"], "the rule with facts ran on the imported package without its SSA")
	require.True(t, heldForLocal, "the checked package's model was freed before its rule without facts ran")
	imported := models["notqueue_email"]
	require.NotNil(t, imported, "the rule with facts did not run on the imported package")
	require.False(t, queuemodel.SSAHeld(imported), "the imported package's SSA outlived the run of the rules with facts")
	require.False(t, queuemodel.IndexHeld(imported), "the imported package's inspector or call graph outlived the rules with facts")
}
