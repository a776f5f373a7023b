package maxattempts_test

import (
	"context"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/internal/pgtest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

const poll = `SELECT id FROM evidence_jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`

// TestRollbackEvidenceOnPostgreSQL checks, on PostgreSQL 15, what the
// rollback shape of the rule rests on: a rolled-back claim leaves the row as
// the poll found it, an attempt counted in that transaction goes back with
// it, and a count committed elsewhere, or a failure recorded by the outer
// transaction after a savepoint's rollback, survives.
func TestRollbackEvidenceOnPostgreSQL(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.DSN(t)
	connect := func() *pgx.Conn {
		conn, err := pgx.Connect(ctx, dsn)
		require.NoError(t, err)
		t.Cleanup(func() { conn.Close(ctx) })
		return conn
	}
	worker, other := connect(), connect()
	reset := func() {
		pgtest.Exec(t, worker, `DROP TABLE IF EXISTS evidence_jobs`)
		pgtest.Exec(t, worker, `CREATE TABLE evidence_jobs (id int PRIMARY KEY, status text NOT NULL, attempts int NOT NULL DEFAULT 0, last_error text)`)
		pgtest.Exec(t, worker, `INSERT INTO evidence_jobs (id, status) VALUES (1, 'queued'), (2, 'queued')`)
	}
	row := func(id int) (attempts int, lastError *string) {
		require.NoError(t, other.QueryRow(ctx, `SELECT attempts, last_error FROM evidence_jobs WHERE id = $1`, id).Scan(&attempts, &lastError))
		return attempts, lastError
	}

	t.Run("an attempt counted in the claim's transaction is lost with its rollback, and the poll takes the job first again", func(t *testing.T) {
		reset()
		for range 3 {
			tx, err := worker.Begin(ctx)
			require.NoError(t, err)
			var id int
			require.NoError(t, tx.QueryRow(ctx, poll).Scan(&id))
			require.Equal(t, 1, id, "the oldest job heads the queue")

			// While the claim holds the lock, another worker skips the row.
			var next int
			require.NoError(t, other.QueryRow(ctx, `SELECT id FROM evidence_jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&next))
			require.Equal(t, 2, next)

			_, err = tx.Exec(ctx, `UPDATE evidence_jobs SET attempts = attempts + 1 WHERE id = $1`, id)
			require.NoError(t, err)
			require.NoError(t, tx.Rollback(ctx)) // the work failed
		}
		attempts, lastError := row(1)
		require.Equal(t, 0, attempts, "three failures, no attempt recorded")
		require.Nil(t, lastError)
	})

	t.Run("an attempt counted in a transaction committed before the work survives the work's rollback", func(t *testing.T) {
		reset()
		var id int
		require.NoError(t, worker.QueryRow(ctx, `UPDATE evidence_jobs SET attempts = attempts + 1 WHERE id = (`+poll+`) RETURNING id`).Scan(&id))
		tx, err := worker.Begin(ctx)
		require.NoError(t, err)
		_, err = tx.Exec(ctx, `SELECT id FROM evidence_jobs WHERE id = $1 FOR UPDATE`, id)
		require.NoError(t, err)
		require.NoError(t, tx.Rollback(ctx))
		attempts, _ := row(id)
		require.Equal(t, 1, attempts)
	})

	t.Run("a savepoint's rollback undoes only the work, and the claim's transaction records the failure", func(t *testing.T) {
		reset()
		tx, err := worker.Begin(ctx)
		require.NoError(t, err)
		var id int
		require.NoError(t, tx.QueryRow(ctx, poll).Scan(&id))
		sp, err := tx.Begin(ctx) // pgx: a SAVEPOINT
		require.NoError(t, err)
		_, err = sp.Exec(ctx, `UPDATE evidence_jobs SET status = 'half-done' WHERE id = $1`, id)
		require.NoError(t, err)
		require.NoError(t, sp.Rollback(ctx)) // ROLLBACK TO SAVEPOINT
		_, err = tx.Exec(ctx, `UPDATE evidence_jobs SET attempts = attempts + 1, last_error = 'boom' WHERE id = $1`, id)
		require.NoError(t, err)
		require.NoError(t, tx.Commit(ctx))
		attempts, lastError := row(id)
		require.Equal(t, 1, attempts)
		require.NotNil(t, lastError)
		var status string
		require.NoError(t, other.QueryRow(ctx, `SELECT status FROM evidence_jobs WHERE id = $1`, id).Scan(&status))
		require.Equal(t, "queued", status, "the work's own write is undone")
	})
}
