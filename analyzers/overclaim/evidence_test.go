package overclaim_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/internal/pgtest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// nestedLoop turns off the plan shapes PostgreSQL prefers for these
// statements on a small table, leaving a nested loop that runs the IN
// subquery again for each outer row. The planner picks plans by cost, so
// which one a claim gets depends on the data and its statistics.
var nestedLoop = []string{
	"SET enable_hashjoin = off", "SET enable_mergejoin = off", "SET enable_material = off",
	"SET enable_memoize = off", "SET enable_hashagg = off", "SET enable_sort = off",
}

// TestEvidenceOnPostgreSQL checks, on PostgreSQL 15, that a claim through
// IN (SELECT ... LIMIT 5 FOR UPDATE [SKIP LOCKED]) takes every runnable
// job under a plan that re-runs the subquery, and that the forms the rule
// accepts take what their LIMIT says under the same plan settings.
func TestEvidenceOnPostgreSQL(t *testing.T) {
	ctx := context.Background()
	conn := pgtest.Connect(t)
	pgtest.Exec(t, conn, `CREATE TABLE evidence_jobs (id int PRIMARY KEY, status text NOT NULL)`)
	for _, s := range nestedLoop {
		pgtest.Exec(t, conn, s)
	}

	// claim runs a claim on 100 queued jobs and returns its plan and how
	// many jobs it took.
	claim := func(t *testing.T, sql string) (plan string, taken int64) {
		t.Helper()
		pgtest.Exec(t, conn, `TRUNCATE evidence_jobs`)
		pgtest.Exec(t, conn, `INSERT INTO evidence_jobs SELECT g, 'queued' FROM generate_series(1, 100) g`)
		pgtest.Exec(t, conn, `ANALYZE evidence_jobs`)
		rows, err := conn.Query(ctx, "EXPLAIN "+sql)
		require.NoError(t, err)
		lines, err := pgx.CollectRows(rows, pgx.RowTo[string])
		require.NoError(t, err)
		tag, err := conn.Exec(ctx, sql)
		require.NoError(t, err)
		return strings.Join(lines, "\n"), tag.RowsAffected()
	}
	const pick = `SELECT id FROM evidence_jobs WHERE status = 'queued' ORDER BY id LIMIT 5`

	for _, lock := range []string{"FOR UPDATE SKIP LOCKED", "FOR UPDATE"} {
		t.Run("IN (... LIMIT 5 "+lock+") takes all 100 jobs when the subquery is re-run", func(t *testing.T) {
			plan, taken := claim(t, `UPDATE evidence_jobs SET status = 'running' WHERE id IN (`+pick+` `+lock+`)`)
			require.Contains(t, plan, "Nested Loop Semi Join")
			require.EqualValues(t, 100, taken, "%s", plan)
		})
	}
	t.Run("= ANY(ARRAY(...)) builds the array once and takes 5", func(t *testing.T) {
		plan, taken := claim(t, `UPDATE evidence_jobs SET status = 'running' WHERE id = ANY(ARRAY(`+pick+` FOR UPDATE SKIP LOCKED))`)
		require.Contains(t, plan, "InitPlan")
		require.EqualValues(t, 5, taken, "%s", plan)
	})
	t.Run("a CTE with the locking SELECT is not folded in, runs once and takes 5", func(t *testing.T) {
		plan, taken := claim(t, `WITH next AS (`+pick+` FOR UPDATE SKIP LOCKED)
			UPDATE evidence_jobs SET status = 'running' WHERE id IN (SELECT id FROM next)`)
		require.Contains(t, plan, "CTE Scan on next")
		require.EqualValues(t, 5, taken, "%s", plan)
	})
	t.Run("= (SELECT ... LIMIT 1) is a scalar subquery and takes 1", func(t *testing.T) {
		plan, taken := claim(t, `UPDATE evidence_jobs SET status = 'running'
			WHERE id = (SELECT id FROM evidence_jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)`)
		require.EqualValues(t, 1, taken, "%s", plan)
	})
}
