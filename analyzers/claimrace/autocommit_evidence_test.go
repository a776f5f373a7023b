package claimrace_test

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/internal/pgtest"
)

// TestAutocommitPollEvidenceOnPostgreSQL checks on PostgreSQL 15 what the
// rule says of a batch poll FOR UPDATE OF d SKIP LOCKED run in autocommit
// (the fixture autocommit_db's): its row locks are gone once the statement
// returns, so a second session's identical poll reads the same rows, and
// both record an outcome by key for them. In one transaction that lasts
// until the marks, the second poll skips them.
func TestAutocommitPollEvidenceOnPostgreSQL(t *testing.T) {
	ctx := context.Background()
	const poll = `SELECT d.id FROM deliveries d JOIN endpoints e ON e.id = d.endpoint_id
		WHERE d.status IN ('pending', 'retrying') AND e.active
		ORDER BY d.id LIMIT 10 FOR UPDATE OF d SKIP LOCKED`
	const succeeded = `UPDATE deliveries SET status = 'delivered' WHERE id = $1`
	setup := func(t *testing.T) (a, b *pgx.Conn) {
		conns := pgtest.Sessions(t, 2)
		pgtest.Exec(t, conns[0], `CREATE TABLE endpoints (id int PRIMARY KEY, active bool NOT NULL);
			CREATE TABLE deliveries (id serial PRIMARY KEY, endpoint_id int NOT NULL REFERENCES endpoints, status text NOT NULL);
			INSERT INTO endpoints VALUES (1, true);
			INSERT INTO deliveries (endpoint_id, status) SELECT 1, 'pending' FROM generate_series(1, 3)`)
		return conns[0], conns[1]
	}
	ids := func(t *testing.T, q interface {
		Query(context.Context, string, ...any) (pgx.Rows, error)
	}) []int32 {
		rows, err := q.Query(ctx, poll)
		require.NoError(t, err)
		got, err := pgx.CollectRows(rows, pgx.RowTo[int32])
		require.NoError(t, err)
		return got
	}

	t.Run("autocommit: the second poll reads the same rows and both mark them", func(t *testing.T) {
		a, b := setup(t)
		gotA := ids(t, a)
		gotB := ids(t, b) // before A marks anything
		require.Len(t, gotA, 3)
		require.Equal(t, gotA, gotB, "the locks ended with A's statement")
		for _, id := range gotA {
			tagA, err := a.Exec(ctx, succeeded, id)
			require.NoError(t, err)
			tagB, err := b.Exec(ctx, succeeded, id)
			require.NoError(t, err)
			require.EqualValues(t, 1, tagA.RowsAffected())
			require.EqualValues(t, 1, tagB.RowsAffected(), "both workers record an outcome: the delivery was handled twice")
		}
	})

	t.Run("one transaction until the marks: the second poll skips the locked rows", func(t *testing.T) {
		a, b := setup(t)
		txA, err := a.Begin(ctx)
		require.NoError(t, err)
		gotA := ids(t, txA)
		require.Len(t, gotA, 3)
		require.Empty(t, ids(t, b), "SKIP LOCKED skips the rows A's open transaction holds")
		for _, id := range gotA {
			_, err := txA.Exec(ctx, succeeded, id)
			require.NoError(t, err)
		}
		require.NoError(t, txA.Commit(ctx))
		require.Empty(t, ids(t, b), "marked rows no longer match the poll")
	})
}
