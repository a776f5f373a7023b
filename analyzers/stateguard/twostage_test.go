package stateguard_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/stateguard"
)

// Consumers take each row from a dispatcher by compare-and-set into a
// state of work, and that state is taken back too: a slow consumer's marks
// by key overwrite another's run.
func TestSecondStageRejected(t *testing.T) {
	ruletest.Run(t, stateguard.Analyzer, "twostage_reclaimed")
}

// Only the dispatcher's state is taken back: the consumer whose
// compare-and-set matched is the row's only holder.
func TestSecondStageAccepted(t *testing.T) {
	ruletest.Run(t, stateguard.Analyzer, "ok_twostage", "ok_twostage_retake")
}
