package pollindex_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/pollindex"
)

// A delete-on-done queue (a row is a pending job, deleted once its work
// succeeded) keeps no finished rows: its poll by due time needs an index
// that gives it its order, a plain one on the due-time column. A table of
// cron schedules read by time and advanced by key is no backlog and is not
// judged.
func TestDeleteOnDonePoll(t *testing.T) {
	ruletest.Run(t, pollindex.Analyzer, "spool_noindex", "accept_spool_index", "accept_due_cron")
}
