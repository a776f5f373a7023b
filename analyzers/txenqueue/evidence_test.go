package txenqueue_test

import (
	"context"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/internal/pgtest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// TestEvidenceOnPostgreSQL checks the rule's claim on PostgreSQL 15. The
// web request's transaction inserts a user; the job for it is inserted on
// another connection (as a pool runs it). A worker on a third connection
// sees the job at once and not the user; after the transaction rolls back,
// the job is still there. Inserted on the transaction instead, the job is
// invisible to the worker until the commit, and gone with a rollback.
func TestEvidenceOnPostgreSQL(t *testing.T) {
	ctx := context.Background()
	setup := func(t *testing.T) (web, pool, worker *pgx.Conn) {
		dsn := pgtest.DSN(t)
		connect := func() *pgx.Conn {
			conn, err := pgx.Connect(ctx, dsn)
			require.NoError(t, err)
			t.Cleanup(func() { conn.Close(ctx) })
			return conn
		}
		web, pool, worker = connect(), connect(), connect()
		pgtest.Exec(t, web, `CREATE TABLE users (id bigint PRIMARY KEY, email text NOT NULL);
			CREATE TABLE tasks (id bigserial PRIMARY KEY, kind text NOT NULL, user_id bigint NOT NULL)`)
		return web, pool, worker
	}
	// What the worker sees: the user ids of the queued tasks, and which of
	// those users it can read.
	sees := func(t *testing.T, worker *pgx.Conn) (tasks, users int) {
		require.NoError(t, worker.QueryRow(ctx, `SELECT count(*), count(u.id) FROM tasks t LEFT JOIN users u ON u.id = t.user_id`).Scan(&tasks, &users))
		return tasks, users
	}

	t.Run("enqueued on another connection", func(t *testing.T) {
		web, pool, worker := setup(t)
		tx, err := web.Begin(ctx)
		require.NoError(t, err)
		_, err = tx.Exec(ctx, `INSERT INTO users (id, email) VALUES (1, 'a@example.com')`)
		require.NoError(t, err)
		_, err = pool.Exec(ctx, `INSERT INTO tasks (kind, user_id) VALUES ('welcome_email', 1)`)
		require.NoError(t, err)

		tasks, users := sees(t, worker)
		require.Equal(t, 1, tasks, "the job is visible at once")
		require.Equal(t, 0, users, "the user is not: the worker finds no row")

		require.NoError(t, tx.Rollback(ctx))
		tasks, users = sees(t, worker)
		require.Equal(t, 1, tasks, "the job outlives the rollback")
		require.Equal(t, 0, users)
	})

	t.Run("enqueued on the transaction", func(t *testing.T) {
		web, _, worker := setup(t)
		for _, commit := range []bool{true, false} {
			pgtest.Exec(t, web, `TRUNCATE users, tasks`)
			tx, err := web.Begin(ctx)
			require.NoError(t, err)
			_, err = tx.Exec(ctx, `INSERT INTO users (id, email) VALUES (1, 'a@example.com')`)
			require.NoError(t, err)
			_, err = tx.Exec(ctx, `INSERT INTO tasks (kind, user_id) VALUES ('welcome_email', 1)`)
			require.NoError(t, err)

			tasks, _ := sees(t, worker)
			require.Equal(t, 0, tasks, "nothing to run before the commit")
			if commit {
				require.NoError(t, tx.Commit(ctx))
				tasks, users := sees(t, worker)
				require.Equal(t, []int{1, 1}, []int{tasks, users}, "the job and its user, together")
			} else {
				require.NoError(t, tx.Rollback(ctx))
				tasks, users := sees(t, worker)
				require.Equal(t, []int{0, 0}, []int{tasks, users}, "neither survives the rollback")
			}
		}
	})
}
