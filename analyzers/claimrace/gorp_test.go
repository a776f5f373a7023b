package claimrace_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/claimrace"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
)

// Claims through gorp's raw-SQL methods (SelectOne, Exec on a DbMap, a
// Transaction or the SqlExecutor interface; ovh/utask and semaphore run
// their SQL so): the unlocked read then update, and the locked read on the
// DbMap (a pool: the lock ends with the SELECT), and the unlocked read in a
// Transaction, are reported; the claim in
// one statement and the locked claim in a transaction are not.
func TestGorp(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "gorp_race", "gorp_poollock", "gorp_tx_unlocked", "ok_gorp")
}
