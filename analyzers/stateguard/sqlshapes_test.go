package stateguard_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/stateguard"
)

// A claim whose candidates are a UNION of waiting jobs and of jobs whose
// lease expired re-takes claimed jobs: outcomes written by key alone are
// rejected, outcomes fenced by the holder's claim time accepted.
func TestUnionRetake(t *testing.T) {
	ruletest.Run(t, stateguard.Analyzer, "unionretake", "ok_unionretake")
}
