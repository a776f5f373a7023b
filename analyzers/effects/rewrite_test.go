package effects_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

// A helper that rewrites its input character by character (numbering ?
// parameters, renaming identifiers), called directly or through an
// interface whose receiver holds the package's dialects, gives its
// input's statement; a loop that wraps, joins or writes keywords does not.
func TestRewrites(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), valuesProbe, "rewrites")
}
