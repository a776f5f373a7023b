package timestamptz_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/rule"
	"github.com/jobqlint/jobqlint/analyzers/timestamptz"
)

// Designs the review rejects: a timestamp column that a queue compares
// with the clock, wherever the migrations put it.
func TestRejected(t *testing.T) {
	ruletest.Run(t, timestamptz.Analyzer, "seedlike", "clockcols", "defaults", "altertype", "addcolumn", "godll", "tasks", "qualified", "gotemplate", "gosprintf",
		"paramclock", "orclock", "intexpiry", "unboundpoll_timestamp", "retrybackoff", "sqlfnreclaim")
}

// Designs it accepts: timestamptz, or timestamp where no queue code looks.
func TestAccepted(t *testing.T) {
	ruletest.Run(t, timestamptz.Analyzer,
		"accept_tz", "accept_untouched", "accept_altered", "accept_dropped",
		"accept_nomigrations", "accept_dynamic", "accept_down", "accept_lookup", "accept_report", "accept_gosprintf", "accept_unlinked", "accept_audit",
		"accept_paramreport", "accept_ornull", "accept_unboundpoll_tz", "accept_backoff_shown", "accept_sqlfnpurge")
}

// The suggested fixes: one rewrites exactly the type, keeping its
// precision; the other converts the column in a new migration, reading the
// stored times as UTC times, and back.
func TestSuggestedFix(t *testing.T) {
	results := ruletest.Run(t, timestamptz.Analyzer, "seedlike", "clockcols", "addcolumn", "gotemplate")
	got := map[string]string{}
	var migrations []string
	for _, r := range results {
		for _, d := range r.Diagnostics {
			require.Len(t, d.SuggestedFixes, 2)
			m := rule.MigrationOf(d.SuggestedFixes[1])
			require.NotNil(t, m)
			require.False(t, m.NoTransaction)
			require.Contains(t, m.Comment, "read as UTC times")
			migrations = append(migrations, m.Name+": "+m.Up+"; "+m.Down)
			edit := d.SuggestedFixes[0].TextEdits[0]
			file := r.Pass.Fset.File(edit.Pos)
			content, err := os.ReadFile(file.Name())
			require.NoError(t, err)
			start, end := file.Offset(edit.Pos), file.Offset(edit.End)
			got[filepath.Base(file.Name())+": "+string(content[start:end])] = string(edit.NewText)
		}
	}
	require.Equal(t, map[string]string{
		"schema.sql: timestamp":                   "timestamptz",
		"schema.sql: timestamp without time zone": "timestamptz",
		"002.sql: timestamp(3) WITHOUT TIME ZONE": "timestamptz(3)",
		"schema.go: timestamp":                    "timestamptz", // after a %s placeholder, in a Go string
	}, got)
	// Each migration bounds its wait for the table's lock (migrationlock).
	const lt = "SET LOCAL lock_timeout = '5s'; "
	require.ElementsMatch(t, []string{
		"jobs_run_at_timestamptz: " + lt + "ALTER TABLE jobs ALTER COLUMN run_at TYPE timestamptz USING run_at AT TIME ZONE 'UTC'; " +
			lt + "ALTER TABLE jobs ALTER COLUMN run_at TYPE timestamp USING run_at AT TIME ZONE 'UTC'",
		"jobs_run_at_timestamptz: " + lt + "ALTER TABLE jobs ALTER COLUMN run_at TYPE timestamptz USING run_at AT TIME ZONE 'UTC'; " +
			lt + "ALTER TABLE jobs ALTER COLUMN run_at TYPE timestamp USING run_at AT TIME ZONE 'UTC'",
		"jobs_locked_until_timestamptz: " + lt + "ALTER TABLE jobs ALTER COLUMN locked_until TYPE timestamptz USING locked_until AT TIME ZONE 'UTC'; " +
			lt + "ALTER TABLE jobs ALTER COLUMN locked_until TYPE timestamp without time zone USING locked_until AT TIME ZONE 'UTC'",
		"jobs_locked_until_timestamptz: " + lt + "ALTER TABLE jobs ALTER COLUMN locked_until TYPE timestamptz(3) USING locked_until AT TIME ZONE 'UTC'; " +
			lt + "ALTER TABLE jobs ALTER COLUMN locked_until TYPE timestamp(3) WITHOUT TIME ZONE USING locked_until AT TIME ZONE 'UTC'",
		// The Go template's table: the driver writes no migration for a
		// schema held in Go code, but the fix says what one would hold.
		"outbox_available_at_timestamptz: " + lt + "ALTER TABLE outbox ALTER COLUMN available_at TYPE timestamptz USING available_at AT TIME ZONE 'UTC'; " +
			lt + "ALTER TABLE outbox ALTER COLUMN available_at TYPE timestamp USING available_at AT TIME ZONE 'UTC'",
	}, migrations)
}

// With -timestamptz.alltables every table's timestamp columns are reported,
// each once, the queue table's included.
func TestAllTables(t *testing.T) {
	require.NoError(t, timestamptz.Analyzer.Flags.Set("alltables", "true"))
	t.Cleanup(func() { timestamptz.Analyzer.Flags.Set("alltables", "false") })
	ruletest.Run(t, timestamptz.Analyzer, "alltables")
}

// A type in an interpreted Go string with escapes cannot be edited in
// place: the finding offers only the migration.
func TestNoTextEditInEscapedString(t *testing.T) {
	results := ruletest.Run(t, timestamptz.Analyzer, "godll_escaped")
	require.Len(t, results[0].Diagnostics, 1)
	fixes := results[0].Diagnostics[0].SuggestedFixes
	require.Len(t, fixes, 1)
	require.NotNil(t, rule.MigrationOf(fixes[0]), "the one fix is the migration")
}

// sqlboiler's generated models: the due poll compares send_after with the
// time the code passes (a where helper's LT): timestamp is reported,
// timestamptz is not, and created_at, which no statement compares, is not.
func TestSQLBoilerDuePoll(t *testing.T) {
	ruletest.Run(t, timestamptz.Analyzer, "boil_duepoll")
	ruletest.Run(t, timestamptz.Analyzer, "accept_boil_duepoll")
}

// A FIFO queue with no state column, popped by a DELETE of its oldest row
// that returns it: the order column is the queue's clock. Accepted: the
// same queue on timestamptz, and a log trimmed by its oldest rows (the
// DELETE returns nothing: no queue).
func TestFIFOPop(t *testing.T) {
	ruletest.Run(t, timestamptz.Analyzer, "fifopop", "accept_fifopop_tz", "accept_trim_oldest")
}
