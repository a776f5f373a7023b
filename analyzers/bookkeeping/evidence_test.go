package bookkeeping_test

import (
	"context"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/internal/pgtest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// TestEvidenceOnPostgreSQL checks, on PostgreSQL 15, the behaviour the
// transaction rule is built on.
func TestEvidenceOnPostgreSQL(t *testing.T) {
	ctx := context.Background()
	conn := pgtest.Connect(t)
	pgtest.Exec(t, conn, `CREATE TABLE evidence_jobs (id int PRIMARY KEY, status text NOT NULL)`)
	pgtest.Exec(t, conn, `INSERT INTO evidence_jobs VALUES (1, 'queued')`)

	t.Run("a completion written in the claim's transaction is lost when the transaction ends without Commit", func(t *testing.T) {
		tx, err := conn.Begin(ctx)
		require.NoError(t, err)
		var id int
		require.NoError(t, tx.QueryRow(ctx, `UPDATE evidence_jobs SET status = 'running' WHERE id = (
			SELECT id FROM evidence_jobs WHERE status = 'queued' LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id))
		_, err = tx.Exec(ctx, `UPDATE evidence_jobs SET status = 'done' WHERE id = $1`, id)
		require.NoError(t, err)
		require.NoError(t, tx.Rollback(ctx)) // what the deferred Rollback does on an early return

		var status string
		require.NoError(t, conn.QueryRow(ctx, `SELECT status FROM evidence_jobs WHERE id = 1`).Scan(&status))
		require.Equal(t, "queued", status, "the finished job is runnable again")
	})

	t.Run("after a failed statement the transaction cannot commit the completion before it", func(t *testing.T) {
		tx, err := conn.Begin(ctx)
		require.NoError(t, err)
		_, err = tx.Exec(ctx, `UPDATE evidence_jobs SET status = 'done' WHERE id = 1`)
		require.NoError(t, err)
		_, err = tx.Exec(ctx, `UPDATE evidence_jobs SET status = 'done' WHERE id = 1/0`)
		require.Error(t, err, "the next bookkeeping write fails")
		require.Error(t, tx.Commit(ctx), "COMMIT of an aborted transaction rolls it back")

		var status string
		require.NoError(t, conn.QueryRow(ctx, `SELECT status FROM evidence_jobs WHERE id = 1`).Scan(&status))
		require.Equal(t, "queued", status, "the completion is lost whatever the code does after the failure")
	})
}
