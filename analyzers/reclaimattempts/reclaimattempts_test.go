package reclaimattempts_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/reclaimattempts"
)

// Reclaims that give a job that kills its worker back for ever.
func TestRejected(t *testing.T) {
	ruletest.Run(t, reclaimattempts.Analyzer, "nocount", "countednolimit", "reclaimcountsnolimit", "retryatnolimit", "composedclaim", "reclaimbackoff",
		"funcnolimit", "testlimit", "stuckworker", "casesweep", "intstates", "reapertemplate", "clockfield", "retake_or", "retake_in", "retake_countsnolimit", "reclaimcountkept",
		"beatworker", "cutoffhelper", "reapbudgetother", "sqlcprepared", "failedorrunning", "reclaimnofilter", "reclaimnotin")
}

// Attempts spent at the claim or the reclaim, with a limit that stops them;
// a claim out of sight.
func TestAccepted(t *testing.T) {
	ruletest.Run(t, reclaimattempts.Analyzer, "ok_claimcounts", "ok_claimlimit", "ok_reclaimcounts", "ok_claimunseen/reclaimer", "ok_sqlcclaim", "ok_methodlimit",
		"ok_funclimit", "ok_testreclaim", "ok_stuckworker", "ok_casesweep", "ok_intstates", "ok_reapertemplate", "ok_clockfield", "ok_retakecounts", "ok_retakecap", "ok_noretake", "ok_retakeschedule", "ok_retakecountreturned", "ok_reclaimcountreturned",
		"ok_cutoffahead", "ok_reapbudget", "ok_failedretry")
}
