package maxattempts_test

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/internal/pgtest"
)

// TestLimitSkipStallsTheBatch checks, on PostgreSQL 15, what the skip
// past a limit rests on: a relay that polls the oldest unprocessed rows
// (LIMIT, FOR UPDATE SKIP LOCKED, in a transaction) and passes over the
// rows whose retry_count reached its limit, with nothing written, takes
// those rows again on every turn; once a batch's worth of them are the
// oldest, every batch is made of them and the fresh rows behind them are
// never sent. Ending the row on the skip path, or a poll that compares
// the count, lets the fresh rows out.
func TestLimitSkipStallsTheBatch(t *testing.T) {
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, pgtest.DSN(t))
	require.NoError(t, err)
	t.Cleanup(func() { conn.Close(ctx) })
	const batch, limit = 3, 5
	reset := func() {
		pgtest.Exec(t, conn, `DROP TABLE IF EXISTS evidence_skip_outbox`)
		pgtest.Exec(t, conn, `CREATE TABLE evidence_skip_outbox (id int PRIMARY KEY, retry_count int NOT NULL DEFAULT 0,
			processed boolean NOT NULL DEFAULT false, failed boolean NOT NULL DEFAULT false, created_at timestamptz NOT NULL)`)
		// Three rows that have failed five times, the oldest, and two
		// fresh ones behind them.
		pgtest.Exec(t, conn, `INSERT INTO evidence_skip_outbox (id, retry_count, created_at)
			SELECT i, CASE WHEN i <= 3 THEN 5 ELSE 0 END, now() - make_interval(mins => 10 - i) FROM generate_series(1, 5) i`)
	}
	// turn runs one relay turn on poll; onSkip, when set, is what the
	// relay writes for a row it passes over. It returns the ids the poll
	// took and the ones it sent.
	turn := func(poll, onSkip string) (taken, sent []int) {
		tx, err := conn.Begin(ctx)
		require.NoError(t, err)
		defer tx.Rollback(ctx)
		rows, err := tx.Query(ctx, poll, batch)
		require.NoError(t, err)
		type row struct{ id, retries int }
		got, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (row, error) {
			var x row
			return x, r.Scan(&x.id, &x.retries)
		})
		require.NoError(t, err)
		for _, r := range got {
			taken = append(taken, r.id)
			if r.retries >= limit {
				if onSkip != "" {
					_, err := tx.Exec(ctx, onSkip, r.id)
					require.NoError(t, err)
				}
				continue
			}
			_, err := tx.Exec(ctx, `UPDATE evidence_skip_outbox SET processed = true WHERE id = $1`, r.id)
			require.NoError(t, err)
			sent = append(sent, r.id)
		}
		require.NoError(t, tx.Commit(ctx))
		return taken, sent
	}
	const poll = `SELECT id, retry_count FROM evidence_skip_outbox WHERE processed = false ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED`

	t.Run("every batch is the skipped rows; the fresh rows wait for ever", func(t *testing.T) {
		reset()
		for range 4 {
			taken, sent := turn(poll, "")
			require.Equal(t, []int{1, 2, 3}, taken)
			require.Empty(t, sent)
		}
		var waiting int
		require.NoError(t, conn.QueryRow(ctx, `SELECT count(*) FROM evidence_skip_outbox WHERE processed = false AND retry_count = 0`).Scan(&waiting))
		require.Equal(t, 2, waiting)
	})

	t.Run("a skip that ends the row lets the fresh rows out on the next turn", func(t *testing.T) {
		reset()
		taken, sent := turn(poll, `UPDATE evidence_skip_outbox SET processed = true, failed = true WHERE id = $1`)
		require.Equal(t, []int{1, 2, 3}, taken)
		require.Empty(t, sent)
		taken, sent = turn(poll, "")
		require.Equal(t, []int{4, 5}, taken)
		require.Equal(t, []int{4, 5}, sent)
	})

	t.Run("a poll that compares the count never takes the exhausted rows", func(t *testing.T) {
		reset()
		taken, sent := turn(`SELECT id, retry_count FROM evidence_skip_outbox WHERE processed = false AND retry_count < 5 ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED`, "")
		require.Equal(t, []int{4, 5}, taken)
		require.Equal(t, []int{4, 5}, sent)
	})
}
