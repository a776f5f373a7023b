package sqlsyntax_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/sqlsyntax"
)

func TestSyntax(t *testing.T) {
	ruletest.Run(t, sqlsyntax.Analyzer, "badgo", "badmigration", "otherdialect")
}
