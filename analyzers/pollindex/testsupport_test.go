package pollindex_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/pollindex"
)

// A table that only test scaffolding creates (a package under a directory
// named test..., or one that imports package testing) is not the deployed
// schema: its indexes say nothing, and the rule stays silent. The same DDL
// in a package of the service is its schema, and the poll is reported.
func TestTestScaffoldingSchema(t *testing.T) {
	ruletest.Run(t, pollindex.Analyzer, "accept_testsupport_ddl", "accept_testing_ddl", "relay_ownddl")
}
