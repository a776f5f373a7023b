package pollindex_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/pollindex"
	"github.com/jobqlint/jobqlint/internal/pgtest"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// A relay's poll that names the states it skips through COALESCE: with
// no index the finding suggests a partial index of the poll's own text,
// and such an index is accepted (TestCoalescedStatesOnPostgreSQL: the
// planner uses both).
func TestCoalescedStates(t *testing.T) {
	ruletest.Run(t, pollindex.Analyzer, "states_coalesce")
}

func TestCoalescedStatesAccepted(t *testing.T) {
	ruletest.Run(t, pollindex.Analyzer, "accept_states_coalesce")
}

// sqlc's SELECT of every row in a state that another package's operator
// API lists, then marks the one event it is given, is no relay's poll
// (no loop marks the rows it returned): the table is no queue, and no
// index is asked for.
func TestListingMarkedOnceAccepted(t *testing.T) {
	ruletest.Run(t, pollindex.Analyzer, "accept_listing_marked", "accept_listing_marked/api", "accept_listing_marked/cmd/app")
}

const coalescedPoll = `SELECT id, payload FROM outbox o WHERE COALESCE(o.status, '') NOT IN ('pending', 'processed') ORDER BY o.id LIMIT 100`

// TestCoalescedStatesOnPostgreSQL checks on PostgreSQL 15 that the
// accepted fixture's index, and the one the finding suggests, serve the
// poll (the alias o. included), and that an index on the bare column's
// states does not.
func TestCoalescedStatesOnPostgreSQL(t *testing.T) {
	for _, c := range []struct {
		name, pkg, extra, want string
	}{
		{"the accepted index", "accept_states_coalesce", "", "outbox_unsent"},
		{"the suggested index", "states_coalesce", "suggest", "outbox_poll_idx"},
		{"an index on the column", "states_coalesce", `CREATE INDEX outbox_bare ON outbox (id) WHERE status NOT IN ('pending', 'processed')`, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			ddl, err := os.ReadFile(filepath.Join("testdata", "src", c.pkg, "schema.sql"))
			require.NoError(t, err)
			conn := pgtest.Connect(t)
			pgtest.Exec(t, conn, string(ddl))
			switch c.extra {
			case "":
			case "suggest":
				schema := sqlcheck.Replay([]*sqlcheck.Source{sqlcheck.SQLFile("schema.sql", ddl)})
				raws, errs := sqlcheck.Parse(coalescedPoll)
				require.Empty(t, errs)
				pgtest.Exec(t, conn, sqlcheck.SuggestPollIndex(schema.Table("public.outbox"), sqlcheck.Facts(raws[0])))
			default:
				pgtest.Exec(t, conn, c.extra)
			}
			pgtest.Exec(t, conn, `INSERT INTO outbox (payload, status) SELECT '{}', 'processed' FROM generate_series(1, 100000)`)
			pgtest.Exec(t, conn, `INSERT INTO outbox (payload, status) SELECT '{}', (ARRAY[NULL, 'failed'])[i % 2 + 1] FROM generate_series(1, 20) i`)
			pgtest.Exec(t, conn, `ANALYZE outbox`)
			got := planIndex(t, conn, coalescedPoll)
			if c.want == "" {
				require.NotEqual(t, "outbox_bare", got)
				return
			}
			require.Equal(t, c.want, got)
		})
	}
}
