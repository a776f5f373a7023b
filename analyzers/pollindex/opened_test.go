package pollindex_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/pollindex"
)

// A queue's table named by a field its constructors set from their
// parameters (Create runs the DDL, Open finds the table): the claim on the
// field's table is judged against Create's DDL.
func TestTableOfSeveralConstructors(t *testing.T) {
	ruletest.Run(t, pollindex.Analyzer, "opened")
	ruletest.Run(t, pollindex.Analyzer, "accept_opened")
}
