package reclaimattempts_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/reclaimattempts"
)

// Reclaims whose halves a sweeper calls through an interface of the
// module, the state given by the sweeper.
func TestIfaceRejected(t *testing.T) {
	ruletest.Run(t, reclaimattempts.Analyzer, "ifacestore", "ifacestore/sweeper")
}

// A sweeper whose interface another implementation, with no SQL, also
// satisfies, and two stores that disagree: the halves are not known, so
// nothing is joined.
func TestIfaceAccepted(t *testing.T) {
	ruletest.Run(t, reclaimattempts.Analyzer, "ok_ifacemem", "ok_ifacemem/sweeper", "ok_ifacetwo", "ok_ifacetwo/sweeper")
}

// A recovery whose cutoff the worker computes from the clock and hands to
// the store's exported method through an interface, in an internal
// package: a reclaim, judged as one; with the attempt spent and capped at
// the claim, silent.
func TestIfaceCutoff(t *testing.T) {
	ruletest.Run(t, reclaimattempts.Analyzer, "ifacecutoff/internal/mail")
	ruletest.Run(t, reclaimattempts.Analyzer, "ok_ifacecutoff/internal/mail")
}
