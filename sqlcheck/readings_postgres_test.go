package sqlcheck

import (
	"context"
	"sort"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/internal/pgtest"
)

// TestQueueReadingsOnPostgreSQL checks, on PostgreSQL 15, what the queue
// model's readings of these shapes rely on.
func TestQueueReadingsOnPostgreSQL(t *testing.T) {
	ctx := context.Background()
	conn := pgtest.Connect(t)
	ids := func(t *testing.T, sql string, args ...any) []int {
		t.Helper()
		rows, err := conn.Query(ctx, sql, args...)
		require.NoError(t, err)
		got, err := pgx.CollectRows(rows, pgx.RowTo[int])
		require.NoError(t, err)
		sort.Ints(got)
		return got
	}

	t.Run("a LIMIT on a SELECT of a WITH query takes the first rows the WITH query finds in its table", func(t *testing.T) {
		pgtest.Exec(t, conn, `CREATE TABLE outbox (id int PRIMARY KEY, aggregate_id int, status text, created_at timestamptz)`)
		pgtest.Exec(t, conn, `INSERT INTO outbox VALUES
			(1, 1, 'pending', now() - interval '3 minutes'), (2, 1, 'pending', now() - interval '2 minutes'),
			(3, 2, 'sent', now() - interval '5 minutes'), (4, 3, 'pending', now() - interval '1 minute'), (5, 4, 'pending', now())`)
		require.Equal(t, []int{1, 4}, ids(t, `WITH next AS ( -- the oldest pending row of each aggregate, then the two oldest of those
				SELECT DISTINCT ON (aggregate_id) id, created_at FROM outbox WHERE status = $1 ORDER BY aggregate_id, created_at)
			SELECT id FROM next ORDER BY created_at LIMIT $2`, "pending", 2))
	})

	t.Run("a compare-and-set by key takes a created job once; an UPDATE by key to an outcome re-checks nothing", func(t *testing.T) {
		pgtest.Exec(t, conn, `CREATE TABLE jobs (id text PRIMARY KEY, status text NOT NULL DEFAULT 'pending', started_at timestamptz)`)
		pgtest.Exec(t, conn, `INSERT INTO jobs (id) VALUES ('a')`)
		take := `UPDATE jobs SET status = 'running', started_at = now() WHERE id = $1 AND status = 'pending' RETURNING 1`
		require.Equal(t, []int{1}, ids(t, take, "a"))
		require.Empty(t, ids(t, take, "a"), "the second taker gets no row")
		require.Equal(t, []int{1}, ids(t, `UPDATE jobs SET status = 'completed' WHERE id = $1 RETURNING 1`, "a"))
	})

	t.Run("a poll that admits the claimed state under the deadline the claim writes re-takes an expired claim", func(t *testing.T) {
		pgtest.Exec(t, conn, `CREATE TABLE pgqueue (id int PRIMARY KEY, status text, next_attempt_time timestamptz)`)
		pgtest.Exec(t, conn, `INSERT INTO pgqueue VALUES
			(1, 'new', now() - interval '1 second'), (2, 'in_progress', now() - interval '1 minute'),
			(3, 'in_progress', now() + interval '1 minute'), (4, 'succeeded', now() - interval '1 minute')`)
		require.Equal(t, []int{1, 2}, ids(t, `WITH selected AS (
				SELECT id FROM pgqueue WHERE status IN ('new', 'in_progress', 'retry') AND next_attempt_time < now()
				ORDER BY id LIMIT 10 FOR NO KEY UPDATE SKIP LOCKED)
			UPDATE pgqueue SET status = 'in_progress', next_attempt_time = now() + interval '1 minute'
			WHERE id IN (SELECT id FROM selected) RETURNING id`))
	})

	t.Run("a purge bound to the finished states removes no claimed row", func(t *testing.T) {
		pgtest.Exec(t, conn, `CREATE TABLE tasks (id int PRIMARY KEY, status text, updated_at timestamptz)`)
		pgtest.Exec(t, conn, `INSERT INTO tasks VALUES (1, 'completed', now() - interval '2 days'), (2, 'processing', now() - interval '2 days'), (3, 'failed', now())`)
		require.Equal(t, []int{1}, ids(t, `DELETE FROM tasks WHERE status IN ($1, $2) AND updated_at < $3 RETURNING id`, "completed", "failed", time.Now().Add(-24*time.Hour)))
	})
}
