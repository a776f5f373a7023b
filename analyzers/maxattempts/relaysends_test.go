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

// A send helper that only logs through the module's own logger (another
// package, whose summary says it runs no statement) records nothing: the
// loop's skip leaves the message pending for ever (vetchium's mail sender).
func TestRelaySendSkipModuleLogger(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "smssenderlog")
}

// Send helpers that hand the failure to another package of the module
// that writes it through the store, or may (through the module's own
// interface, or a function value): not reported.
func TestRelaySendSkipModuleHelpersAccepted(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "ok_smssendhelpers")
}
