package queuemodel_test

import (
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

// The releaser frees a package's SSA only after the rules it follows have
// run: a rule still sees it, and an analyzer that runs after the releaser
// does not.
func TestReleaser(t *testing.T) {
	var heldForRule, heldAfter bool
	rule := &analysis.Analyzer{
		Name:     "rule",
		Doc:      "a rule that reads the model",
		Requires: []*analysis.Analyzer{queuemodel.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			heldForRule = queuemodel.SSAHeld(pass.ResultOf[queuemodel.Analyzer].(*queuemodel.Model))
			return nil, nil
		},
	}
	release := queuemodel.Releaser([]*analysis.Analyzer{rule})
	after := &analysis.Analyzer{
		Name:     "after",
		Doc:      "runs after the releaser",
		Requires: []*analysis.Analyzer{queuemodel.Analyzer, release},
		Run: func(pass *analysis.Pass) (any, error) {
			heldAfter = queuemodel.SSAHeld(pass.ResultOf[queuemodel.Analyzer].(*queuemodel.Model))
			return nil, nil
		},
	}
	ruletest.Run(t, after, "notqueue_email") // any package with SQL calls: the model asks SSA for their arguments
	require.True(t, heldForRule, "the rule ran without the package's SSA")
	require.False(t, heldAfter, "the package's SSA outlived the releaser")
}
