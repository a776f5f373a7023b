package claimrace_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/internal/pgtest"
)

// TestSQLFunctionClaimOnPostgreSQL runs the claim of sqlfunc_join's
// function (its migration, read from the fixture) from two workers, each in
// a transaction of the given level: A's call has taken a job and not
// committed when B's call starts; B waits for A's row lock, then A commits.
func TestSQLFunctionClaimOnPostgreSQL(t *testing.T) {
	ctx := context.Background()
	race := func(t *testing.T, iso pgx.TxIsoLevel) (idA, idB int64, errB error) {
		a, b, watch := threeConns(t, "sqlfunc_join")
		pgtest.Exec(t, a, `INSERT INTO queues (name) VALUES ('default')`)
		pgtest.Exec(t, a, `INSERT INTO jobs (queue, created_at)
			SELECT 'default', now() - i * interval '1 minute' FROM generate_series(1, 3) i`)
		const dequeue = `SELECT id FROM dequeue($1)`
		queues := []string{"default"}

		txA, err := a.BeginTx(ctx, pgx.TxOptions{IsoLevel: iso})
		require.NoError(t, err)
		defer txA.Rollback(ctx)
		require.NoError(t, txA.QueryRow(ctx, dequeue, queues).Scan(&idA))

		txB, err := b.BeginTx(ctx, pgx.TxOptions{IsoLevel: iso})
		require.NoError(t, err)
		defer txB.Rollback(ctx)
		done := make(chan struct{})
		go func() {
			defer close(done)
			errB = txB.QueryRow(ctx, dequeue, queues).Scan(&idB)
		}()
		require.Eventually(t, waitsForLock(t, watch, b), 10*time.Second, 20*time.Millisecond, "B waits for the row A took")
		require.NoError(t, txA.Commit(ctx))
		<-done
		return idA, idB, errB
	}

	t.Run("READ COMMITTED: both workers take the same job", func(t *testing.T) {
		idA, idB, err := race(t, pgx.ReadCommitted)
		require.NoError(t, err)
		require.Equal(t, idA, idB, "B's UPDATE takes the job A took")
	})
	for _, iso := range []pgx.TxIsoLevel{pgx.RepeatableRead, pgx.Serializable} {
		t.Run(string(iso)+": the second call fails with 40001", func(t *testing.T) {
			_, _, err := race(t, iso)
			var pgErr *pgconn.PgError
			require.ErrorAs(t, err, &pgErr)
			require.Equal(t, "40001", pgErr.Code, pgErr.Message)
		})
	}
}

// TestPlpgsqlAdvisoryLockOnPostgreSQL runs ok_plpgsql_xactlock's claim,
// two unlocked steps after pg_advisory_xact_lock in its body, from two
// workers: A's call in a transaction not yet committed, B's in autocommit.
// B waits for the advisory lock until A commits, then finds another job.
func TestPlpgsqlAdvisoryLockOnPostgreSQL(t *testing.T) {
	ctx := context.Background()
	a, b, watch := threeConns(t, "ok_plpgsql_xactlock")
	pgtest.Exec(t, a, `INSERT INTO jobs (queue, run_at)
		SELECT 'default', now() - i * interval '1 minute' FROM generate_series(1, 3) i`)
	const claim = `SELECT claim_job($1)`

	txA, err := a.Begin(ctx)
	require.NoError(t, err)
	defer txA.Rollback(ctx)
	var idA, idB int64
	require.NoError(t, txA.QueryRow(ctx, claim, "default").Scan(&idA))
	var errB error
	done := make(chan struct{})
	go func() {
		defer close(done)
		errB = b.QueryRow(ctx, claim, "default").Scan(&idB)
	}()
	require.Eventually(t, waitsForLock(t, watch, b), 10*time.Second, 20*time.Millisecond, "B waits for A's advisory lock, held after the function returned")
	require.NoError(t, txA.Commit(ctx))
	<-done
	require.NoError(t, errB)
	require.NotEqual(t, idA, idB)
}

// threeConns applies a fixture's migration to a new database and returns
// two workers' connections and a third to watch them.
func threeConns(t *testing.T, fixture string) (a, b, watch *pgx.Conn) {
	ctx := context.Background()
	dsn := pgtest.DSN(t)
	var conns []*pgx.Conn
	for range 3 {
		c, err := pgx.Connect(ctx, dsn)
		require.NoError(t, err)
		t.Cleanup(func() { c.Close(ctx) })
		conns = append(conns, c)
	}
	migration, err := os.ReadFile(filepath.Join("testdata", "src", fixture, "001_jobs.sql"))
	require.NoError(t, err)
	pgtest.Exec(t, conns[0], string(migration))
	return conns[0], conns[1], conns[2]
}

// waitsForLock returns a condition: conn's backend waits for a lock.
func waitsForLock(t *testing.T, watch, conn *pgx.Conn) func() bool {
	return func() bool {
		var n int
		require.NoError(t, watch.QueryRow(context.Background(), `SELECT count(*) FROM pg_stat_activity
			WHERE pid = $1 AND wait_event_type = 'Lock'`, conn.PgConn().PID()).Scan(&n))
		return n == 1
	}
}
