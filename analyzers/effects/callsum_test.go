package effects_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/jobqlint/jobqlint/analyzers/effects"
)

// The functions a package can hand to another that run no statement on
// the database carry the NoStatement fact: a logger's and a builder's
// methods, through the package's own calls and cycles and another
// package's facts. Those that write, or may (given a handle, on one, on
// an embedded one, through the module's interface or a function value,
// or calling one that does), carry none.
func TestNoStatementFacts(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), effects.CallsAnalyzer, "callsumlib", "callsum")
}

// A function does no work when every call of it that may fail runs SQL,
// reads a row, or is the standard library's short of reaching out of the
// process; a function value that may fail, a goroutine, an interface of
// the module and a package with no such fact are work.
func TestNoWorkFacts(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), effects.WorkAnalyzer, "noworklib", "nowork")
}
