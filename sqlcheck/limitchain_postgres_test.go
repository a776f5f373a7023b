package sqlcheck

import (
	"context"
	"sort"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/internal/pgtest"
)

// TestLimitThroughEnclosingCTEOnPostgreSQL checks, on PostgreSQL 15, the
// reading TestLimitThroughEnclosingCTEAndSubquery gives: the UPDATE takes
// the first ten candidates of the WITH query, in the order of the FROM
// subquery that reads it; and, the candidates' FOR UPDATE having no LIMIT
// of its own, it locks every candidate, the ones it did not take too.
func TestLimitThroughEnclosingCTEOnPostgreSQL(t *testing.T) {
	ctx := context.Background()
	conns := pgtest.Sessions(t, 2)
	a, b := conns[0], conns[1]
	pgtest.Exec(t, a, `CREATE TABLE sync_queue (id int PRIMARY KEY, priority int NOT NULL, created_at timestamptz NOT NULL,
		locked_at timestamptz, synced_at timestamptz)`)
	pgtest.Exec(t, a, `INSERT INTO sync_queue (id, priority, created_at)
		SELECT i, CASE WHEN i > 8 THEN 1 ELSE 0 END, now() - i * interval '1 minute' FROM generate_series(1, 14) i`)
	pgtest.Exec(t, a, `UPDATE sync_queue SET synced_at = now() WHERE id = 14`)

	tx, err := a.Begin(ctx)
	require.NoError(t, err)
	defer tx.Rollback(ctx)
	rows, err := tx.Query(ctx, `WITH pending AS (
			SELECT t.id, t.priority, t.created_at
			FROM (SELECT id, priority, created_at FROM sync_queue WHERE locked_at IS NULL AND synced_at IS NULL FOR UPDATE) AS t)
		UPDATE sync_queue SET locked_at = now()
		FROM (SELECT pending.id FROM pending ORDER BY pending.priority DESC, pending.created_at LIMIT 10) AS picked
		WHERE picked.id = sync_queue.id
		RETURNING sync_queue.id`)
	require.NoError(t, err)
	taken, err := pgx.CollectRows(rows, pgx.RowTo[int])
	require.NoError(t, err)
	sort.Ints(taken)
	// Priority 1 first (9..13, 14 is synced), then the oldest of priority 0 (8, 7, 6, 5, 4).
	require.Equal(t, []int{4, 5, 6, 7, 8, 9, 10, 11, 12, 13}, taken)

	_, err = b.Exec(ctx, `SELECT id FROM sync_queue WHERE id = 1 FOR UPDATE NOWAIT`)
	require.Error(t, err, "a candidate the UPDATE did not take is locked all the same")
	_, err = b.Exec(ctx, `SELECT id FROM sync_queue WHERE id = 14 FOR UPDATE NOWAIT`)
	require.NoError(t, err, "a row the WITH query did not select is not locked")
}
