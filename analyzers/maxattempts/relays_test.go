package maxattempts_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/maxattempts"
)

// Relays (outboxes) that leave a row whose payload does not decode
// unmarked, with nothing written: every poll reads it again.
func TestRelayRetryRejected(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "relaydecode", "relaydecodesql", "relaydecodehelper", "relaydecodetx", "relaydecodesqlc")
}

// Relays that record the failure, count attempts the poll compares, fail
// only for the broker, or mark the rows they could not decode.
func TestRelayRetryAccepted(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "ok_relaymarkfailed", "ok_relayattempts", "ok_relaypublishonly", "ok_relaygathered",
		"ok_relaytriesbefore", "ok_relaycountsweep", "ok_relayconfigdecode", "ok_relaydecodeorfail", "ok_relaygofail")
}
