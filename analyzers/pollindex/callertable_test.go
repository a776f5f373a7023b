package pollindex_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/pollindex"
)

// A store's table named by its constructor's callers in another package
// of the module, all with one constant: the store polls that table, and
// the schema's index is judged against the poll. Callers that give two
// tables, or a field a method may set again, leave the name to the code.
func TestTableGivenByCallers(t *testing.T) {
	ruletest.Run(t, pollindex.Analyzer, "callertable", "callertable/cmd/relay")
	ruletest.Run(t, pollindex.Analyzer, "accept_callertable", "accept_callertable/cmd/relay")
	ruletest.Run(t, pollindex.Analyzer, "accept_callertable_two", "accept_callertable_two/cmd/relay", "accept_callertable_two/cmd/archive")
	ruletest.Run(t, pollindex.Analyzer, "accept_callertable_set", "accept_callertable_set/cmd/relay")
}
