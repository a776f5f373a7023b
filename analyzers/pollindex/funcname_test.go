package pollindex_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/pollindex"
)

// A table named by a method of the module from values no resolver pins
// (a prefix and a topic the caller gives): the DDL the module runs on the
// same call shape is its schema; another method, or the same method given
// another field, names another table.
func TestTableNamedByFunction(t *testing.T) {
	ruletest.Run(t, pollindex.Analyzer, "gofuncname")
	ruletest.Run(t, pollindex.Analyzer, "accept_gofuncname")
}
