package txenqueue_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/txenqueue"
)

// Designs the rule rejects: a job enqueued on the pool, or by a queue
// client's call that takes no transaction, while the transaction that
// writes its entity is open.
func TestRejected(t *testing.T) {
	ruletest.Run(t, txenqueue.Analyzer, "signup", "beginfunc", "dbsql", "riverinsert", "gueenqueue", "neoqenqueue", "sqlcsignup", "begintxfunc", "helperwrite/accounts", "helperexec", "poolclient/signup",
		"branchcommit", "txfield", "batchvalues", "ctxtx")
}

// Designs it accepts: the job in the same transaction (INSERT on tx,
// InsertTx, EnqueueTx), an outbox row, an enqueue after Commit, a
// transaction that writes no entity, one committed elsewhere.
func TestAccepted(t *testing.T) {
	ruletest.Run(t, txenqueue.Analyzer,
		"accept_sametx", "accept_aftercommit", "accept_outbox", "accept_readonly", "accept_queueonly", "accept_nocommit", "accept_sqlctx", "accept_helperexec", "accept_conntx", "ok_poolclient/signup",
		"accept_branchcommit", "accept_batchvalues", "accept_ctxtx")
}
