package migrationlock_test

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/internal/pgtest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

const (
	createTasks = `CREATE TABLE tasks (id bigserial PRIMARY KEY, status text NOT NULL DEFAULT 'queued', run_at timestamptz NOT NULL DEFAULT now());
		INSERT INTO tasks (status) SELECT 'queued' FROM generate_series(1, 10)`
	// The workers' statements take ROW EXCLUSIVE, as every claim, enqueue
	// and completion does.
	enqueue = `INSERT INTO tasks (status) VALUES ('queued')`
	claim   = `UPDATE tasks SET status = 'running' WHERE id = (
		SELECT id FROM tasks WHERE status = 'queued' ORDER BY run_at, id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`
)

// TestEvidenceOnPostgreSQL checks the rule's claim on PostgreSQL 15. A
// report's transaction has read the queue table (ACCESS SHARE, held to its
// end). A migration's ALTER TABLE waits for it; a worker's enqueue and claim, which
// does not conflict with the report, then waits behind the ALTER. With SET
// lock_timeout first, the ALTER gives up and they go through.
func TestEvidenceOnPostgreSQL(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name    string
		timeout bool
	}{{"no lock_timeout: the worker waits behind the ALTER", false}, {"SET lock_timeout: the ALTER gives up", true}} {
		t.Run(c.name, func(t *testing.T) {
			dsn := pgtest.DSN(t)
			connect := func() *pgx.Conn {
				conn, err := pgx.Connect(ctx, dsn)
				require.NoError(t, err)
				t.Cleanup(func() { conn.Close(ctx) })
				return conn
			}
			report, migration, worker := connect(), connect(), connect()
			pgtest.Exec(t, report, createTasks)

			tx, err := report.Begin(ctx)
			require.NoError(t, err)
			defer tx.Rollback(ctx)
			var n int
			require.NoError(t, tx.QueryRow(ctx, `SELECT count(*) FROM tasks`).Scan(&n))

			if c.timeout {
				pgtest.Exec(t, migration, `SET lock_timeout = '200ms'`)
			}
			var pid int
			require.NoError(t, migration.QueryRow(ctx, `SELECT pg_backend_pid()`).Scan(&pid))
			altered := make(chan error, 1)
			go func() {
				_, err := migration.Exec(ctx, `ALTER TABLE tasks ADD COLUMN priority int NOT NULL DEFAULT 0`)
				altered <- err
			}()

			// The worker bounds its own wait, only to observe it.
			pgtest.Exec(t, worker, `SET lock_timeout = '1s'`)
			if !c.timeout {
				require.Eventually(t, func() bool {
					var waiting bool
					require.NoError(t, worker.QueryRow(ctx, `SELECT coalesce(wait_event_type = 'Lock', false) FROM pg_stat_activity WHERE pid = $1`, pid).Scan(&waiting))
					return waiting
				}, 10*time.Second, 20*time.Millisecond, "the ALTER waits for the report's transaction")
				_, err := worker.Exec(ctx, enqueue)
				require.Equal(t, "55P03", pgCode(t, err), "lock_not_available: the enqueue waits behind the ALTER")
				//jobqlint:ignore lease the evidence needs the claim's lock, not a lease
				_, err = worker.Exec(ctx, claim)
				require.Equal(t, "55P03", pgCode(t, err), "lock_not_available: the claim waits behind the ALTER")
				require.NoError(t, tx.Commit(ctx))
				require.NoError(t, <-altered, "the ALTER runs once the report ends")
				return
			}
			require.Equal(t, "55P03", pgCode(t, <-altered), "the ALTER gives up after lock_timeout")
			_, err = worker.Exec(ctx, enqueue)
			require.NoError(t, err, "the enqueue goes through")
			//jobqlint:ignore lease the evidence needs the claim's lock, not a lease
			_, err = worker.Exec(ctx, claim)
			require.NoError(t, err, "the claim goes through")
			require.NoError(t, tx.Commit(ctx))
		})
	}
	t.Run("SET LOCAL in a file sent as one string bounds the wait", func(t *testing.T) {
		// golang-migrate sends a file as one multi-statement string, with no
		// BEGIN: PostgreSQL runs it as one implicit transaction, where SET
		// LOCAL holds for the statements after it.
		dsn := pgtest.DSN(t)
		holder, err := pgx.Connect(ctx, dsn)
		require.NoError(t, err)
		t.Cleanup(func() { holder.Close(ctx) })
		migration, err := pgx.Connect(ctx, dsn)
		require.NoError(t, err)
		t.Cleanup(func() { migration.Close(ctx) })
		pgtest.Exec(t, holder, createTasks)
		tx, err := holder.Begin(ctx)
		require.NoError(t, err)
		defer tx.Rollback(ctx)
		_, err = tx.Exec(ctx, `SELECT count(*) FROM tasks`)
		require.NoError(t, err)

		wait, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		_, err = migration.Exec(wait, "SET LOCAL lock_timeout = '200ms';\nALTER TABLE tasks ADD COLUMN priority int NOT NULL DEFAULT 0;")
		require.Equal(t, "55P03", pgCode(t, err))
	})
	t.Run("SET LOCAL lasts to the end of the migration's transaction", func(t *testing.T) {
		conn := pgtest.Connect(t)
		tx, err := conn.Begin(ctx)
		require.NoError(t, err)
		_, err = tx.Exec(ctx, `SET LOCAL lock_timeout = '5s'`)
		require.NoError(t, err)
		require.Equal(t, "5s", show(t, tx))
		require.NoError(t, tx.Commit(ctx))
		require.Equal(t, "0", show(t, conn))
	})
}

func show(t *testing.T, q interface {
	QueryRow(context.Context, string, ...any) pgx.Row
}) string {
	var v string
	require.NoError(t, q.QueryRow(context.Background(), `SHOW lock_timeout`).Scan(&v))
	return v
}

func pgCode(t *testing.T, err error) string {
	var pgErr *pgconn.PgError
	require.ErrorAs(t, err, &pgErr)
	return pgErr.Code
}
