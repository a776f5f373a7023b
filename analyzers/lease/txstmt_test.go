package lease_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/lease"
)

// A claim prepared on the pool into a struct field and run through
// tx.Stmt or tx.StmtContext runs in that transaction: accepted when the
// transaction holds the job's work, rejected when it commits before the
// work it hands the job on to.
func TestPreparedInTx(t *testing.T) {
	ruletest.Run(t, lease.Analyzer, "ok_txstmt", "txstmt_commitfirst")
}
