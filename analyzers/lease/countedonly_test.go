package lease_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/lease"
	"github.com/jobqlint/jobqlint/internal/pgtest"
)

// A locked poll in a transaction that commits before the send, whose only
// write counts the attempt: the row stays pending and due, and the next
// poll takes it again while it is sent.
func TestCountedOnlyClaimRejected(t *testing.T) {
	ruletest.Run(t, lease.Analyzer, "countedclaim")
}

// The same claim pushing the due time ahead as it counts (a lease by due
// time, which the poll itself takes back once it expires), and a worker
// that holds the row's lock while it sends.
func TestDueLeaseClaimAccepted(t *testing.T) {
	ruletest.Run(t, lease.Analyzer, "ok_dueleaseclaim")
}

// TestCountedOnlyClaimOnPostgreSQL checks, on PostgreSQL 15, what the
// rule says of a locked poll committed before the work: when the claim
// only counts the attempt, the next poll takes the same row once the
// transaction has committed; when it also pushes the due time ahead, the
// next poll takes nothing.
func TestCountedOnlyClaimOnPostgreSQL(t *testing.T) {
	ctx := context.Background()
	conn := pgtest.Connect(t)
	pgtest.Exec(t, conn, `CREATE TABLE counted_deliveries (id int PRIMARY KEY, status text NOT NULL DEFAULT 'pending',
		attempts int NOT NULL DEFAULT 0, next_retry_at timestamptz NOT NULL DEFAULT now())`)
	pgtest.Exec(t, conn, `INSERT INTO counted_deliveries (id) VALUES (1)`)

	claim := func(t *testing.T, set string) []int {
		t.Helper()
		tx, err := conn.Begin(ctx)
		require.NoError(t, err)
		defer tx.Rollback(ctx)
		rows, err := tx.Query(ctx, `SELECT id FROM counted_deliveries WHERE status = 'pending' AND next_retry_at <= now()
			ORDER BY next_retry_at FOR UPDATE SKIP LOCKED LIMIT 1`)
		require.NoError(t, err)
		var ids []int
		for rows.Next() {
			var id int
			require.NoError(t, rows.Scan(&id))
			ids = append(ids, id)
		}
		require.NoError(t, rows.Err())
		for _, id := range ids {
			_, err := tx.Exec(ctx, `UPDATE counted_deliveries SET `+set+` WHERE id = $1`, id)
			require.NoError(t, err)
		}
		require.NoError(t, tx.Commit(ctx))
		return ids
	}

	t.Run("a claim that only counts leaves the row to the next poll", func(t *testing.T) {
		require.Equal(t, []int{1}, claim(t, `attempts = attempts + 1`))
		require.Equal(t, []int{1}, claim(t, `attempts = attempts + 1`))
	})
	t.Run("a claim that pushes the due time ahead hides it until then", func(t *testing.T) {
		require.Equal(t, []int{1}, claim(t, `attempts = attempts + 1, next_retry_at = now() + interval '5 minutes'`))
		require.Nil(t, claim(t, `attempts = attempts + 1, next_retry_at = now() + interval '5 minutes'`))
	})
}
