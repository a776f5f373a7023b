package effects_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

// A field of the struct a helper is given holds, at each of its calls,
// what the path that built that struct stored.
func TestBuiltFields(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), valuesProbe, "builtfields")
}
