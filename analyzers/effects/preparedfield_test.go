package effects_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

// A prepared statement bound to a transaction (tx.Stmt(s.claim)) runs in
// that transaction: its commit before the work is the transaction's.
func TestCommitsBeforeWorkThroughTxStmt(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), commitProbe, "committxstmt")
}
