package lease_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/lease"
)

// Claims a dead worker's job never comes back from.
func TestRejected(t *testing.T) {
	ruletest.Run(t, lease.Analyzer,
		"seed", "sqlatomic", "noreclaim", "txcommitfirst", "cas", "sqlcnolease", "wrapclaim", "blindtake",
		"funcnolease", "unboundpoll_noreclaim",
		"nullstate", "nullstate_nolease", "notin_nolease", "ifpg",
		"countonly", "pollmention", "queuedexpired", "deadworker",
		"releaseonly", "advisoryelsewhere", "xactadvisory", "claimall",
		"nullstate_listonly", "anystate_export", "deadworkerlist", "oldjobs",
		"reaperpkg", "reaperpkg/reaper", "multiline", "boundstate", "purged", "purged_other", "purged_lease", "sqlxnamedclaim",
		"txcommitfirst_deferclosure", "purgedfinished", "bykeynolease", "bykeyinnolease",
		"requeueall", "requeueall/boot", "runninglisted", "runninglisted/admin", "requeueatstart", "requeuerows", "marknextturn", "markafterping", "marklogged", "timeargs_noreclaim", "localstatelist", "txcommitfirst_send", "txcommitfirst_after", "txcommitfirst_field", "txcommitfirst_map", "gormsaveintname")
}

// Designs that leave no row behind.
func TestAccepted(t *testing.T) {
	ruletest.Run(t, lease.Analyzer,
		"ok_fixed", "ok_testfixture", "ok_blindtake_reclaim", "ok_txcommitlate", "ok_sqlcreclaim", "ok_subpkg", "ok_tx", "ok_advisory", "ok_river", "ok_timeparam", "ok_orpoll", "ok_delete",
		"ok_nullstate", "ok_notin", "ok_cronreclaim", "ok_arith", "ok_workerid", "ok_unboundpoll_reclaim",
		"ifpgok", "ifmem", "ifworker",
		"ok_orflipped", "ok_orparam",
		"ok_nullrescue", "ok_workerdelete", "ok_workerstates", "ok_orpollage",
		"ok_reaperpkg", "ok_reaperpkg/reaper", "ok_sqlxnamedtx", "ok_txcommitlate_deferclosure", "ok_purgedstuck", "ok_bykeyreclaim", "ok_bykeycallerstate",
		"ok_heartbeatsweeper", "ok_heartbeatsweeper/sweeper", "ok_heartbeatlocal", "ok_heartbeatinline", "ok_popdone", "ok_markafterwork", "ok_timeargs", "ok_callerstatelist", "ok_txkeepsinside", "ok_relaymarksent", "ok_cancelcas")
}

// A claim whose callers choose what it runs on (sqlc's methods) is judged
// at each call: run on a pool, or on a value not seen to be a transaction,
// it is reported there, naming the claim.
func TestCallersRejected(t *testing.T) {
	ruletest.Run(t, lease.Analyzer, "callers_autocommit")
}

// A caller that records the job's failure before a pending take, on a way
// that never reaches it, and no outcome after it ran the work first: the
// take records the success (ok_assetready). A caller that writes an
// outcome after the take, or whose failure write runs after the take
// through its loop, holds the job in the taken state (takercallers).
func TestCallersWorkedBefore(t *testing.T) {
	ruletest.Run(t, lease.Analyzer, "assetdb", "ok_assetready", "takerdb", "takercallers")
}

// Callers that run the claim in a transaction held through the work; the
// package that holds the claim leaves it to them.
func TestCallersAccepted(t *testing.T) {
	ruletest.Run(t, lease.Analyzer, "leasedb", "ok_callers_tx")
}

// A claim made in the function a transaction runner is given (GORM's
// Transaction, pgx.BeginFunc) is committed when the function returns,
// before the work its caller runs; a claim whose work runs inside the
// function rolls back with a crash.
func TestClosureTransactions(t *testing.T) {
	ruletest.Run(t, lease.Analyzer, "gormtxclaim", "beginfunccommitfirst", "ok_gormtxwork")
}

// A claim that takes a due job by clearing the time its poll reads due
// rows by (SET next_run_at = NULL), and moves no state: nothing gives a
// taken row back (clearednext); a rescue of rows left NULL, and a claim
// whose transaction is held through the work, are accepted.
func TestClearedDue(t *testing.T) {
	ruletest.Run(t, lease.Analyzer, "clearednext")
}

func TestClearedDueAccepted(t *testing.T) {
	ruletest.Run(t, lease.Analyzer, "ok_clearednext_rescue", "ok_clearednext_tx")
}

// A sweep that commits and returns only a count hands no job on
// (ok_txkeepscount); one that returns the id of the row it took does
// (txcommitfirst_id).
func TestCountResult(t *testing.T) {
	ruletest.Run(t, lease.Analyzer, "ok_txkeepscount", "txcommitfirst_id")
}

// A take whose state nothing in the module leaves again is the job's
// outcome, made before its work on purpose (an at-most-once worker or
// relay): it needs no lease (ok_finaltake). The same worker that writes
// the row again after its work holds the taken state while it works
// (finaltake_done); so may one whose package runs SQL the tool cannot
// read (finaltake_unread).
func TestFinalTake(t *testing.T) {
	ruletest.Run(t, lease.Analyzer, "finaltake_done", "finaltake_unread")
}

func TestFinalTakeAccepted(t *testing.T) {
	ruletest.Run(t, lease.Analyzer, "ok_finaltake", "ok_finaltake/relay")
}

// A package that runs the text of the .sql files it embeds (a migration
// runner) runs the module's SQL, which the tool reads from disk: the take
// is still final (ok_finaltake_embedded). Not when the embedded files
// include one that is not .sql (finaltake_embeddedtmpl), nor when the
// worker writes the row again after its work (finaltake_embeddeddone).
func TestFinalTakeEmbeddedSQL(t *testing.T) {
	ruletest.Run(t, lease.Analyzer, "ok_finaltake_embedded", "finaltake_embeddedtmpl", "finaltake_embeddeddone")
}

// A claim in two steps, a locked SELECT then an UPDATE by id in one
// transaction: its SELECT takes back running jobs whose lease passed
// (accepted); one that admits running jobs only without a lease, one
// that takes back failed jobs only, or a listing that claims nothing,
// takes no running job back (rejected).
func TestTwoStepClaimRetakes(t *testing.T) {
	ruletest.Run(t, lease.Analyzer, "ok_orpolltx", "orpolltx_noexpiry", "orpolltx_listing", "orpolltx_otherstate")
}
