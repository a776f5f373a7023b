package claimrace_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/claimrace"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
)

// GORM's Save of a model with gorm.Model: the status set in Go before it
// is the state the UPDATE writes. An unlocked First then Save races; a
// First FOR UPDATE SKIP LOCKED and Save in one Transaction does not.
func TestGormSaveClaim(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "ok_gorm_save_locked")
	ruletest.Run(t, claimrace.Analyzer, "gorm_save_race")
}

// The same with a model whose columns carry constant default tags (GORM's
// Save writes every column all the same), and states of a named string
// type.
func TestGormSaveDefaultsClaim(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "ok_gorm_save_defaults_locked")
	ruletest.Run(t, claimrace.Analyzer, "gorm_save_defaults_race")
}

// Rows Find read, each saved as taken in a loop whose turn then runs the
// job: the work on one row reaches the Save of the next, which takes that
// other row, so the Save is the claim's step. Unlocked, two workers take
// the same rows; FOR UPDATE SKIP LOCKED with the Saves in one Transaction
// does not race.
func TestGormSaveLoopClaim(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "gorm_save_loop_race")
	ruletest.Run(t, claimrace.Analyzer, "ok_gorm_save_loop_locked")
}
