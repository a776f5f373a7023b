package pollindex_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/pollindex"
)

// A table whose claims flip rows between states each other's polls pick
// holds no finished rows: its polls walk nothing finished (accepted). A
// state the module also writes and no poll picks keeps rows the polls walk
// (rejected).
func TestStateFlips(t *testing.T) {
	ruletest.Run(t, pollindex.Analyzer, "accept_monitorflip", "monitorflip_retired")
}
