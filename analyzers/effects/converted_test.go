package effects_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/jobqlint/jobqlint/analyzers/effects"
)

// Each package lists the concrete types converted to the module's
// interfaces with methods, its own and its imports' (a conversion from
// another interface as that interface; one to an empty interface not at
// all); a type assertion to an interface leaves it open.
func TestConvertedFacts(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), effects.Analyzer, "conv/impl", "conv/wire", "conv/open")
}
