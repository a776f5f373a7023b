package maxattempts_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/jobqlint/jobqlint/analyzers/maxattempts"
	"github.com/jobqlint/jobqlint/analyzers/rule"
)

// A function that retries under the state its callers give and, on
// another path, whatever they give: its callers judge both.
func TestRetriesOfOneFunctionMerged(t *testing.T) {
	rule.DetailInMessage = true
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "xmergemod"), maxattempts.Analyzer, "./...")
}
