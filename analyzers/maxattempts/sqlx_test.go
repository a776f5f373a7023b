package maxattempts_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/maxattempts"
)

// Transactions of sqlx (Beginx, *sqlx.Tx, which embeds *sql.Tx), rolled
// back directly or through a helper of the store, and one that records
// the failure before it commits.
func TestRollbackSqlx(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "rbsqlx", "ok_rbsqlx")
}
