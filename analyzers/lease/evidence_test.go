package lease_test

import (
	"context"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/internal/pgtest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// TestEvidenceOnPostgreSQL checks, on PostgreSQL 15, that the lease
// arithmetic the rule reads as a reclaim takes back exactly the expired
// jobs.
func TestEvidenceOnPostgreSQL(t *testing.T) {
	ctx := context.Background()
	conn := pgtest.Connect(t)
	pgtest.Exec(t, conn, `CREATE TABLE evidence_jobs (id int PRIMARY KEY, status text NOT NULL, started_at timestamptz, timeout_seconds int, locked_at timestamptz)`)
	pgtest.Exec(t, conn, `INSERT INTO evidence_jobs VALUES
		(1, 'running', now() - interval '10 seconds', 5, now() - interval '10 minutes'),
		(2, 'running', now() - interval '10 seconds', 60, now() - interval '1 minute')`)

	reclaimed := func(t *testing.T, where string) []int {
		t.Helper()
		rows, err := conn.Query(ctx, `UPDATE evidence_jobs SET status = 'queued' WHERE status = 'running' AND `+where+` RETURNING id`)
		require.NoError(t, err)
		var ids []int
		for rows.Next() {
			var id int
			require.NoError(t, rows.Scan(&id))
			ids = append(ids, id)
		}
		require.NoError(t, rows.Err())
		pgtest.Exec(t, conn, `UPDATE evidence_jobs SET status = 'running'`)
		return ids
	}

	t.Run("started_at plus the job's timeout before now() takes back the timed-out job only", func(t *testing.T) {
		require.Equal(t, []int{1}, reclaimed(t, `started_at + timeout_seconds * interval '1 second' < now()`))
	})
	t.Run("now() minus locked_at beyond the lease takes back the stale job only", func(t *testing.T) {
		require.Equal(t, []int{1}, reclaimed(t, `now() - locked_at > interval '5 minutes'`))
	})
}
