package maxattempts_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/internal/pgtest"
)

// TestRelayRetryEvidenceOnPostgreSQL checks, on PostgreSQL 15, what the
// relay shape of the rule rests on: a relay that skips a row whose payload
// does not decode reads that row again, first, on every poll, ahead of the
// rows behind it, whether it polls on the pool or in a transaction it
// rolls back; a failure recorded on that path takes the row out of the
// poll.
func TestRelayRetryEvidenceOnPostgreSQL(t *testing.T) {
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, pgtest.DSN(t))
	require.NoError(t, err)
	t.Cleanup(func() { conn.Close(ctx) })
	reset := func() {
		pgtest.Exec(t, conn, `DROP TABLE IF EXISTS evidence_outbox`)
		pgtest.Exec(t, conn, `CREATE TABLE evidence_outbox (id int PRIMARY KEY, body text NOT NULL, sent_at timestamptz, failed_at timestamptz)`)
		pgtest.Exec(t, conn, `INSERT INTO evidence_outbox (id, body) VALUES (1, 'not json'), (2, '{"to":"a"}'), (3, '{"to":"b"}')`)
	}
	const poll = `SELECT id, body FROM evidence_outbox WHERE sent_at IS NULL AND failed_at IS NULL ORDER BY id LIMIT 2`
	type row struct {
		id   int
		body string
	}
	read := func(q interface {
		Query(context.Context, string, ...any) (pgx.Rows, error)
	}) []row {
		rows, err := q.Query(ctx, poll)
		require.NoError(t, err)
		out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (row, error) {
			var x row
			return x, r.Scan(&x.id, &x.body)
		})
		require.NoError(t, err)
		return out
	}
	// relay runs one turn: it decodes each row, skips the ones that fail
	// (or records them, when record is set) and marks the others sent.
	relay := func(record bool) []int {
		var firsts []int
		batch := read(conn)
		firsts = append(firsts, batch[0].id)
		for _, r := range batch {
			var v map[string]string
			if json.Unmarshal([]byte(r.body), &v) != nil {
				if record {
					pgtest.Exec(t, conn, `UPDATE evidence_outbox SET failed_at = now() WHERE id = $1`, r.id)
				}
				continue
			}
			pgtest.Exec(t, conn, `UPDATE evidence_outbox SET sent_at = now() WHERE id = $1`, r.id)
		}
		return firsts
	}

	t.Run("a skipped row heads every poll and takes a place in every batch", func(t *testing.T) {
		reset()
		for range 3 {
			require.Equal(t, []int{1}, relay(false))
		}
		var unsent int
		require.NoError(t, conn.QueryRow(ctx, `SELECT count(*) FROM evidence_outbox WHERE sent_at IS NULL`).Scan(&unsent))
		require.Equal(t, 1, unsent, "rows 2 and 3 went out, row 1 stays for ever")
		require.Equal(t, 1, read(conn)[0].id)
	})

	t.Run("a poll in a transaction rolled back on the decode error reads the row again", func(t *testing.T) {
		reset()
		for range 2 {
			tx, err := conn.Begin(ctx)
			require.NoError(t, err)
			batch := read(tx)
			require.Equal(t, 1, batch[0].id)
			var v map[string]string
			require.Error(t, json.Unmarshal([]byte(batch[0].body), &v))
			require.NoError(t, tx.Rollback(ctx))
		}
	})

	t.Run("a failure recorded on the path takes the row out of the poll", func(t *testing.T) {
		reset()
		relay(true)
		pgtest.Exec(t, conn, `INSERT INTO evidence_outbox (id, body) VALUES (4, '{"to":"c"}')`)
		require.Equal(t, []row{{3, `{"to":"b"}`}, {4, `{"to":"c"}`}}, read(conn))
	})
}
