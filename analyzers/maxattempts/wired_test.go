package maxattempts_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/maxattempts"
)

// A worker that Nacks every failed job through its queue interface, and a
// command that wires in the only implementation, which always requeues:
// reported at the command's call that starts the worker.
func TestWiredRetryRejected(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "wirenack/queue", "wirenack/pgqueue", "wirenack/worker", "wirenack/cmd")
}

// The same worker, with two implementations in the module: the command
// that converts the unsafe one is reported; the one that converts only
// the safe one, the one that may convert either, and the one whose
// conversion is out of sight (a type assertion from a registry) are not.
func TestWiredRetryNarrowed(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "wiretwo/cmdunsafe", "wiretwo/cmdsafe", "wiretwo/cmdboth", "wiretwo/cmdopen")
}

// Workers whose Nack is no unlimited retry: one compares the attempts
// before it (fails at the limit), one Nacks only the job it has not
// started when told to stop, one, in its Stop, only the jobs it claimed
// and has not started (no handler failed); and a recorder whose Nack
// the command calls only below the limit. Each is wired to the queue
// whose Nack always requeues.
func TestWiredRetryAccepted(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "ok_wireguard/cmd", "ok_wireshutdown/cmd", "ok_wirerelease/cmd", "ok_wirecaller/cmd")
}
