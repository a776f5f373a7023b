package bookkeeping_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/bookkeeping"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
)

// Bookkeeping errors that re-run a finished job, or stop the worker.
func TestRejected(t *testing.T) {
	ruletest.Run(t, bookkeeping.Analyzer, "seed", "shared", "helper", "fatal", "fatallease", "panicking", "exit", "loopreturn", "sqlshared",
		"wrapped", "loopbreak", "txearly", "helpervar", "supervisorstops", "txwrapcommit", "timedcheck", "labelbreak",
		"txfield", "txcommitbranch", "ifacefatal", "ctelocked", "mainworker", "mainfeeder", "libdrain", "mainhandler",
		"chanstart", "chanparam", "helperreturn", "chanwait", "svcworker", "branchoutcome")
}

// Bookkeeping errors handled apart, logged, retried, or inside the work's transaction.
func TestAccepted(t *testing.T) {
	ruletest.Run(t, bookkeeping.Analyzer,
		"ok_apart", "ok_logged", "ok_retrywrite", "ok_tx", "ok_caller", "ok_fatalclaim", "ok_noqueue", "ok_sqlapart", "ok_helperlogs",
		"ok_supervised", "ok_txcommit", "ok_txaborted",
		"ok_finishall", "ok_iterclosure", "ok_supervised_drop", "ok_supervised_ctx", "ok_txreturning", "ok_deferfinish", "ok_oneshot", "ok_example", "ok_selectbreak",
		"ok_txfield", "ok_txnoclaim", "ok_txclosure", "ok_txgiven", "ok_ifacemem", "ok_ifacelogged", "ok_ctelocked", "ok_mainretry",
		"ok_chanlogged", "ok_chansupervised", "ok_chanafterloop", "ok_chanbatch", "ok_shutdownrequeue", "ok_svcworker", "ok_branchoutcome")
}

// A relay's mark after the publish is its bookkeeping write: a failure
// that stops the relay is reported, one logged is not.
func TestRelayMarks(t *testing.T) {
	ruletest.Run(t, bookkeeping.Analyzer, "relay_loopreturn", "relay_fatal", "ok_relay_logged", "ok_toleratecount", "toleratecount_errkind")
}

// A completion's error returned from the loop over a claimed batch, in a
// function that claims once: the message says the batch is abandoned
// (eval22 gh-notify RunOnce), not that the worker stops; the same return
// from a function that claims in a loop, or to a caller that exits, does
// stop the worker.
func TestBatchReturn(t *testing.T) {
	ruletest.Run(t, bookkeeping.Analyzer, "batchreturn", "batchloopreturn", "batchfatal")
}
