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
		dsn := pgtest.DSN(t)
		var conns []*pgx.Conn
		for range 3 {
			c, err := pgx.Connect(ctx, dsn)
			require.NoError(t, err)
			t.Cleanup(func() { c.Close(ctx) })
			conns = append(conns, c)
		}
		a, b, watch := conns[0], conns[1], conns[2]
		migration, err := os.ReadFile(filepath.Join("testdata", "src", "sqlfunc_join", "001_jobs.sql"))
		require.NoError(t, err)
		pgtest.Exec(t, a, string(migration))
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
		waiting := func() bool {
			var n int
			require.NoError(t, watch.QueryRow(ctx, `SELECT count(*) FROM pg_stat_activity
				WHERE pid = $1 AND wait_event_type = 'Lock'`, b.PgConn().PID()).Scan(&n))
			return n == 1
		}
		require.Eventually(t, waiting, 10*time.Second, 20*time.Millisecond, "B waits for the row A took")
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
