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
