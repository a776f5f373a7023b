package pollindex_test

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/pollindex"
	"github.com/jobqlint/jobqlint/analyzers/rule"
)

// Designs the review rejects: the poll's filter and order have no index
// that starts at the runnable rows.
func TestRejected(t *testing.T) {
	ruletest.Run(t, pollindex.Analyzer,
		"seedlike", "runat_alone", "wrong_prefix", "dropped_later", "other_state", "godll", "sqldelete", "dbtx",
		"templated", "searchpath", "funcpoll", "cte_poll", "subquery_poll",
		"states_ne", "states_or_narrow", "states_or_split_full", "status_only", "queue_only",
		"gosprintf", "states_or_unpinned", "states_or_btree", "sqlc_snapshot",
		"twosites", "twopolls", "importer/...", "keepsdone", "deleteexpr", "queue_fixedorder",
		"failkept", "queue_status_unordered", "feeds_filtered", "purgedlater", "importerown/...",
		"twounordered", "deleterange", "deletewrongprefix", "branchclaim", "funcjoin", "gormautomig/...", "gormuuid/...", "joinedpoll",
		"prunecount", "starpoll", "exprpoll", "pagedlisting",
		"upsert_nothing", "upsert_otherkey", "upsert_generatedkey", "upsert_serialkey", "upsert_nokey", "gospliced", "keepsunknown", "randompick", "gormsoftdelete/...", "softdelete_ordered")
}

// Designs it accepts.
func TestAccepted(t *testing.T) {
	ruletest.Run(t, pollindex.Analyzer,
		"accept_partial", "accept_composite", "accept_queue_prefix", "accept_inlist", "accept_later",
		"accept_param", "accept_nomigrations", "accept_pk", "accept_nullstate", "accept_unknown_pred",
		"accept_states_or", "accept_states_or_split", "accept_states_notin", "accept_states_any", "accept_searchpath", "accept_ordered_too", "accept_noorder", "accept_rangefirst",
		"accept_gosprintf", "accept_cte_poll", "accept_subquery_poll", "accept_anyrow", "accept_otherschema", "accept_sqlc_lagging", "accept_deleteack", "accept_lookups", "accept_deleteclaim", "accept_deleteexpr", "accept_alias",
		"accept_faildead", "accept_anyrow_kept", "accept_partial_unordered",
		"accept_expireonly", "accept_deleteanyqueue", "accept_unknown_status", "accept_branchclaim", "accept_funcjoin",
		"accept_gormautomig/...", "accept_gormuuid/...", "accept_gormnomigrate/...", "accept_joinedpoll", "accept_prunecount",
		"accept_schedules", "accept_backlogreport", "accept_randompick", "accept_softdeletejobs", "accept_unordered_all")
}

// The finding points at the poll it is about.
func TestRelatedPoll(t *testing.T) {
	results := ruletest.Run(t, pollindex.Analyzer, "seedlike")
	require.Len(t, results, 1)
	require.Len(t, results[0].Diagnostics, 1)
	d := results[0].Diagnostics[0]
	require.Len(t, d.Related, 1)
	poll := results[0].Pass.Fset.Position(d.Related[0].Pos)
	require.Equal(t, "worker.go", poll.Filename[len(poll.Filename)-len("worker.go"):])
	require.Equal(t, 12, poll.Line)
}

// A poll over several lines of a raw string: the related position is the
// line of its ORDER BY, the line a pull request that changes the poll's
// order edits.
func TestRelatedPollClause(t *testing.T) {
	results := ruletest.Run(t, pollindex.Analyzer, "multiline")
	require.Len(t, results, 1)
	lines := map[string]int{}
	for _, r := range results {
		for _, d := range r.Diagnostics {
			require.Len(t, d.Related, 1)
			at := r.Pass.Fset.Position(d.Related[0].Pos)
			require.Equal(t, "worker.go", filepath.Base(at.Filename))
			lines[d.Message[:strings.Index(d.Message, " (")]] = at.Line
		}
	}
	require.Equal(t, map[string]int{"no index serves the poll on jobs": 18}, lines)
}

// A poll in a function body: the finding is at the table, with the poll
// in the migration and the Go call that runs it as related positions.
func TestRelatedPollInFunction(t *testing.T) {
	results := ruletest.Run(t, pollindex.Analyzer, "funcpoll")
	require.Len(t, results[0].Diagnostics, 1)
	d := results[0].Diagnostics[0]
	require.Len(t, d.Related, 2)
	fset := results[0].Pass.Fset
	poll, call := fset.Position(d.Related[0].Pos), fset.Position(d.Related[1].Pos)
	require.Equal(t, "schema.sql", filepath.Base(poll.Filename))
	require.Equal(t, 9, poll.Line)
	require.Equal(t, "worker.go", filepath.Base(call.Filename))
	require.Equal(t, 11, call.Line)
}

// The fix is the index the message names, built CONCURRENTLY in a new
// migration of its own (it cannot run in a transaction block), and dropped
// the same way.
func TestMigrationFix(t *testing.T) {
	results := ruletest.Run(t, pollindex.Analyzer, "seedlike")
	d := results[0].Diagnostics[0]
	require.Len(t, d.SuggestedFixes, 1)
	m := rule.MigrationOf(d.SuggestedFixes[0])
	require.NotNil(t, m)
	require.Equal(t, "jobs_poll_idx", m.Name)
	require.Equal(t, "CREATE INDEX CONCURRENTLY jobs_poll_idx ON jobs (run_at) WHERE status = 'queued'", m.Up)
	require.Equal(t, "DROP INDEX CONCURRENTLY IF EXISTS jobs_poll_idx", m.Down)
	require.True(t, m.NoTransaction)
	require.Contains(t, d.Message, ": CREATE INDEX CONCURRENTLY jobs_poll_idx ON jobs (run_at) WHERE status = 'queued'")
}

// An index is created in its table's schema: on a table outside public the
// migration drops it by its qualified name, and is named after the schema.
func TestMigrationFixOtherSchema(t *testing.T) {
	results := ruletest.Run(t, pollindex.Analyzer, "searchpath")
	require.Len(t, results[0].Diagnostics, 1)
	d := results[0].Diagnostics[0]
	require.Len(t, d.SuggestedFixes, 1)
	m := rule.MigrationOf(d.SuggestedFixes[0])
	require.NotNil(t, m)
	require.Equal(t, "app_jobs_poll_idx", m.Name)
	require.Equal(t, "CREATE INDEX CONCURRENTLY jobs_poll_idx ON app.jobs (id) WHERE status = 'queued'", m.Up)
	require.Equal(t, "DROP INDEX CONCURRENTLY IF EXISTS app.jobs_poll_idx", m.Down)
}

// Every variant whose message names the index to add carries it as a
// migration fix, so that -fix writes it: the poll that walks finished
// jobs, the one that sorts a backlog of waiting jobs (a table that deletes
// its jobs), and the one an index finds unordered.
func TestEveryNamedIndexIsAFix(t *testing.T) {
	add := regexp.MustCompile(`CREATE INDEX CONCURRENTLY \S+ ON .*$`)
	variants := map[string]int{}
	for _, pkg := range []string{"seedlike", "sqldelete", "queue_only", "queue_fixedorder", "states_or_btree"} {
		for _, r := range ruletest.Run(t, pollindex.Analyzer, pkg) {
			for _, d := range r.Diagnostics {
				named := add.FindString(d.Message)
				require.NotEmpty(t, named, d.Message)
				require.Len(t, d.SuggestedFixes, 1, d.Message)
				m := rule.MigrationOf(d.SuggestedFixes[0])
				require.NotNil(t, m, d.Message)
				require.Equal(t, named, m.Up)
				switch {
				case strings.Contains(d.Message, "walks the finished jobs"):
					variants["finished"]++
				case strings.Contains(d.Message, "keeps only waiting jobs"):
					variants["backlog"]++
				case strings.Contains(d.Message, "but not in its order"):
					variants["unordered"]++
				}
			}
		}
	}
	require.Len(t, variants, 3, "%v", variants)
}

// A table named by a Go value and a number spliced into the poll read, in
// the message and in the fix, as the Go values they are: no internal
// placeholder reaches the user.
func TestGoValuesShownAsGo(t *testing.T) {
	results := ruletest.Run(t, pollindex.Analyzer, "gospliced")
	require.Len(t, results[0].Diagnostics, 1)
	d := results[0].Diagnostics[0]
	require.Len(t, d.SuggestedFixes, 1)
	fix := d.SuggestedFixes[0].Message
	require.Equal(t, "in a new migration: CREATE INDEX CONCURRENTLY {gospliced.Queue.table}_poll_idx ON {gospliced.Queue.table} (priority DESC, id)", fix)
	require.NotContains(t, d.Message, "$100")
}

// sqlboiler's generated models: the due poll of pending mails on a table
// with no index for it is reported at the table; with a partial index on
// the due time for the pending state it is not.
func TestSQLBoilerPoll(t *testing.T) {
	ruletest.Run(t, pollindex.Analyzer, "boil_duepoll")
	ruletest.Run(t, pollindex.Analyzer, "accept_boil_duepoll")
}

// A random pick's index serves its WHERE alone: PostgreSQL refuses a
// volatile function in an index, so the fix names no random().
func TestRandomPickFix(t *testing.T) {
	results := ruletest.Run(t, pollindex.Analyzer, "randompick")
	require.Len(t, results, 1)
	require.Len(t, results[0].Diagnostics, 1)
	d := results[0].Diagnostics[0]
	require.NotEmpty(t, d.SuggestedFixes)
	for _, f := range d.SuggestedFixes {
		for _, e := range f.TextEdits {
			require.NotContains(t, strings.ToLower(string(e.NewText)), "random(")
		}
		require.NotContains(t, strings.ToLower(f.Message), "random(")
	}
	require.NotContains(t, strings.ToLower(d.Message), "random(")
}

// A worker that runs GORM's calls on the store's *gorm.DB field and does
// not import GORM itself: the tables AutoMigrate creates are its schema.
func TestGormAutoMigrateThroughField(t *testing.T) {
	ruletest.Run(t, pollindex.Analyzer, "gormautomigfield/...")
}

// A trim of a queue's oldest rows (a DELETE that returns nothing) picks no
// job: its subquery is no poll an index must serve.
func TestTrimOldestAccepted(t *testing.T) {
	ruletest.Run(t, pollindex.Analyzer, "accept_trimoldest")
}

// A GORM relay whose poll binds its flag to the constant false, on a table
// AutoMigrate creates from the model: with no index, and with a partial
// index on the unprocessed rows declared in the model's tag.
func TestGormRelayFlag(t *testing.T) {
	ruletest.Run(t, pollindex.Analyzer, "gormrelayflag/...", "accept_gormrelayflag/...")
}
