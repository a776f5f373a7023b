package overclaim_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/overclaim"
)

// Claims whose locking subquery may run more than once.
func TestRejected(t *testing.T) {
	ruletest.Run(t, overclaim.Analyzer, "inbatch", "inone", "anysub", "deletein", "requeueclaim/event", "requeueclaim/store", "splicedlimit")
}

// Forms that run the locking SELECT once, and subqueries a re-run cannot
// make take more.
func TestAccepted(t *testing.T) {
	ruletest.Run(t, overclaim.Analyzer, "ok_array", "ok_scalar", "ok_cte", "ok_nolimit", "ok_nolock", "ok_batches", "ok_nolock_claim", "ok_requeue/event", "ok_requeue/store")
}
