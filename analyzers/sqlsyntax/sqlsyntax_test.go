package sqlsyntax_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/sqlsyntax"
)

func TestSyntax(t *testing.T) {
	ruletest.Run(t, sqlsyntax.Analyzer, "badgo", "badmigration", "otherdialect")
}

// The documented examples: the bad one is reported, the good one is not.
func TestExamples(t *testing.T) {
	ruletest.Examples(t, sqlsyntax.Rule)
}
