package maxattempts_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/maxattempts"
)

// Senders that log a failed send and go on to the next row, leaving the
// row unsent with nothing written: in the poll's package, and in a package
// that reaches the store through its interface.
func TestRelaySendSkipRejected(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "relaysendskip", "smssender", "relayhandlertwin")
}

// Senders that record the failure (in the same package, or through the
// store's concrete type of another package), count it for the poll, stop
// the batch on a failed send, or retry the send in place before failing it;
// and a request handler that reads and marks its caller's rows, no relay.
func TestRelaySendSkipAccepted(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "ok_relaysendfailed", "ok_relaysendreturn", "ok_relaysendretryloop", "ok_relaysendcounted", "smssenderok", "ok_relayhandler")
}
