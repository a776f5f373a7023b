package sqlsyntax_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/sqlsyntax"
)

func TestSyntax(t *testing.T) {
	ruletest.Run(t, sqlsyntax.Analyzer, "badgo", "badmigration", "otherdialect", "badbody", "badsqlc")
}

// A migration the program fills in (fmt verbs, text/template) is not SQL
// until then: never a syntax finding.
func TestTemplatesAreNotSyntaxErrors(t *testing.T) {
	ruletest.Run(t, sqlsyntax.Analyzer, "templates")
}
