package maxattempts_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/maxattempts"
)

// A relay that never claims its rows and only raises a message's retry
// count when it fails: the message stays in the state the poll reads, and
// that count is its retry, bounded by no comparison (a failure recorded
// only when the count cannot be written bounds nothing).
func TestCountingRetryRejected(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "countonly", "countonly/store", "countfailonerror", "countfailonerror/store")
}

// The same relay with the count capped by the poll, or compared with a
// limit that marks the message failed.
func TestCountingRetryAccepted(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "ok_countcapped", "ok_countcapped/store", "ok_countthenfail", "ok_countthenfail/store")
}

// A relay that reaches its queries through an interface it declares,
// called in closures its transaction runner runs: the call is judged as a
// call of the one implementation in sight.
func TestInterfaceRetryRejected(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "runnerrelease", "runnerrelease/store")
}

// A dispatcher whose store interface is implemented, beside the
// PostgreSQL store, by implementations the program never runs against
// PostgreSQL, each of which disagrees with it: a Stub* type, a store in a
// test-helper package, one in a package named for MySQL, one whose
// methods call queries generated for SQLite, and a driver that only
// answers "not supported". The retry is judged as the PostgreSQL store's.
func TestInterfaceRetryBesideDoublesRejected(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "runnerdoubles", "runnerdoubles/store")
}

// The same relay with the release under an attempt limit, and with a
// second implementation of its store in sight that does not retry, or
// that retries under another condition; and a store whose retry flags the
// item failed in its SET once the tries reach the limit.
func TestInterfaceRetryAccepted(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "ok_runnerlimit", "ok_runnerlimit/store", "ok_runnertwoimpl", "ok_runnertwoimpl/store",
		"ok_runnerdisagree", "ok_runnerdisagree/astore", "ok_runnerdisagree/bstore", "ok_setflag", "ok_setflag/store")
}
