package timestamptz_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/timestamptz"
)

// A table named by a function of the package from values no resolver pins
// is the one the DDL run on the same call shape creates; a config field
// with a default stays the field's placeholder, never the migration's
// table that bears the default name.
func TestTableNamedByFunction(t *testing.T) {
	ruletest.Run(t, timestamptz.Analyzer, "gofuncname")
	ruletest.Run(t, timestamptz.Analyzer, "accept_godefault")
}
