package claimrace_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/claimrace"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
)

// github.com/nleof/goyesql parses a `-- name:` file into a map from name
// to SQL text: a lookup by a constant name is that block, in a local
// variable or a struct field. A name no file defines stays unread.
func TestNamedQueriesStringMap(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "goyesql_stringmap")
	ruletest.Run(t, claimrace.Analyzer, "ok_goyesql_stringmap")
}
