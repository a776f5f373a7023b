package pollindex_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/pollindex"
)

// A table whose claims flip rows between states each other's polls pick
// holds no finished rows: its polls walk nothing finished (accepted). A
// state the module also writes and no poll picks, a state both polls skip,
// a state callers give here or in another package, and a claim whose state
// only its own poll's reclaim picks keep rows the polls walk (rejected).
func TestStateFlips(t *testing.T) {
	ruletest.Run(t, pollindex.Analyzer, "accept_monitorflip", "monitorflip_retired", "monitorflip_skipped", "monitorflip_param", "monitorflip_elsewhere", "reclaimonly")
}
