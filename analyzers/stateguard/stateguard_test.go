package stateguard_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/stateguard"
)

// Writes that move a job on without asking whether it is still the
// writer's to move.
func TestRejected(t *testing.T) {
	ruletest.Run(t, stateguard.Analyzer, "complete", "retry", "casefail", "janitor", "txnolock", "retake", "sqlreclaim", "casereclaim", "unfenced",
		"finishedonce", "batchstate", "txlockelsewhere", "txplainread", "bulkcomplete", "cancelkind", "funcnostate",
		"txcommitted", "bodyorder", "multiline", "casesweep", "stuckreset", "stucklocked", "rescueworker", "intstates", "beatworker", "callerstate", "unboundpoll_unfenced")
}

// A state or token guard in the WHERE, a locked read in the same
// transaction, a CTE guard, a janitor that filters on the state, an
// operator's retry under a directive, and the writes nothing contests or
// whose transaction is out of sight.
func TestAccepted(t *testing.T) {
	ruletest.Run(t, stateguard.Analyzer, "ok_state", "ok_token", "ok_lockedread", "ok_cte", "ok_janitor", "ok_directive", "ok_uncontested", "ok_txparam", "ok_dbtx", "ok_nullstate", "ok_claimcol", "ok_claimstep", "ok_fenced", "ok_fenceduncontested", "ok_lockedflag",
		"ok_expireparam", "ok_fencedoperator", "ok_funcstate",
		"ok_helperlock", "ok_casesweep", "ok_stuckrecheck", "ok_stucklocked", "ok_rescueworker", "ok_intstates", "ok_callerstate", "ok_unboundpoll_fenced")
}

// An UPDATE by key on the transaction its function is given is judged at
// each call whose transaction the caller begins: reported where nothing
// locks the row first in it; accepted after a SELECT ... FOR UPDATE, for a
// transaction the caller is given, and for one given first to code the
// tool does not read. The store itself, whose callers it cannot see, is
// silent.
func TestCallersTransaction(t *testing.T) {
	ruletest.Run(t, stateguard.Analyzer, "txcallerworker", "txwrapworker")
	ruletest.Run(t, stateguard.Analyzer, "ok_txcallerworker", "txcallerstore", "txwrapstore")
}

// A store's state chosen by callers in another package through a method
// with a variadic parameter, called with fewer and more arguments than its
// parameters: reported without a re-check, accepted with one.
func TestCallersOfAVariadicStore(t *testing.T) {
	ruletest.Run(t, stateguard.Analyzer, "callervariadic", "ok_callervariadic")
}

// Where the schema holds the table, its unique keys say which marks name
// their rows: a primary key not named like one (mail_key), a unique
// index, a composite key bound whole, a list of keys. A column that is no
// key, one unique only under a predicate, a foreign key, or a part of a
// composite key names every row it matches.
func TestSchemaKeys(t *testing.T) {
	ruletest.Run(t, stateguard.Analyzer, "ok_schemakey")
	ruletest.Run(t, stateguard.Analyzer, "schemanotkey")
}
