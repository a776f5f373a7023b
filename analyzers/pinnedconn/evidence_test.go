package pinnedconn_test

import (
	"context"
	"os"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/internal/pgtest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// TestEvidenceOnPostgreSQL checks the rule's claim on PostgreSQL 15 with a
// pgxpool.Pool. pool.Exec takes a session-level advisory lock on one of
// its connections; another goroutine then holds that connection (Acquire
// stands for it), so the unlock's pool.Exec runs on another connection:
// pg_advisory_unlock returns false with a WARNING and the lock stays held.
// On one Acquire'd connection, the unlock returns true. A LISTEN run by
// pool.Exec leaves the connection the next statement gets with no channel.
func TestEvidenceOnPostgreSQL(t *testing.T) {
	ctx := context.Background()
	var (
		mu      sync.Mutex
		notices []string
	)
	cfg, err := pgxpool.ParseConfig(pgtest.DSN(t))
	require.NoError(t, err)
	cfg.MaxConns = 4
	cfg.ConnConfig.OnNotice = func(_ *pgconn.PgConn, n *pgconn.Notice) {
		mu.Lock()
		defer mu.Unlock()
		notices = append(notices, n.Severity+": "+n.Message)
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	require.NoError(t, err)
	t.Cleanup(pool.Close)

	held := func() int {
		var n int
		require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND objid = 42`).Scan(&n))
		return n
	}

	t.Run("lock and unlock on the pool land apart", func(t *testing.T) {
		//jobqlint:ignore pinnedconn the evidence runs the defect on purpose
		_, err := pool.Exec(ctx, `SELECT pg_advisory_lock(42)`)
		require.NoError(t, err)
		busy, err := pool.Acquire(ctx) // the idle connection: the one that took the lock
		require.NoError(t, err)
		var owner int
		require.NoError(t, busy.QueryRow(ctx, `SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND objid = 42 AND pid = pg_backend_pid()`).Scan(&owner))
		require.Equal(t, 1, owner, "the pool handed out the connection that holds the lock")

		var unlocked bool
		//jobqlint:ignore pinnedconn the evidence runs the defect on purpose
		require.NoError(t, pool.QueryRow(ctx, `SELECT pg_advisory_unlock(42)`).Scan(&unlocked))
		require.False(t, unlocked, "the unlock ran on another connection")
		mu.Lock()
		require.Contains(t, notices, "WARNING: you don't own a lock of type ExclusiveLock")
		mu.Unlock()
		require.Equal(t, 1, held(), "the lock is still held")

		require.NoError(t, busy.QueryRow(ctx, `SELECT pg_advisory_unlock(42)`).Scan(&unlocked))
		require.True(t, unlocked)
		busy.Release()
		require.Equal(t, 0, held())
	})

	t.Run("lock and unlock on one acquired connection", func(t *testing.T) {
		conn, err := pool.Acquire(ctx)
		require.NoError(t, err)
		defer conn.Release()
		_, err = conn.Exec(ctx, `SELECT pg_advisory_lock(42)`)
		require.NoError(t, err)
		var unlocked bool
		require.NoError(t, conn.QueryRow(ctx, `SELECT pg_advisory_unlock(42)`).Scan(&unlocked))
		require.True(t, unlocked)
		require.Equal(t, 0, held())
	})

	t.Run("LISTEN on the pool subscribes a connection the next statement does not get", func(t *testing.T) {
		//jobqlint:ignore pinnedconn the evidence runs the defect on purpose
		_, err := pool.Exec(ctx, `LISTEN jobs_available`)
		require.NoError(t, err)
		busy, err := pool.Acquire(ctx)
		require.NoError(t, err)
		defer busy.Release()
		var here, elsewhere []string
		rows, err := busy.Query(ctx, `SELECT pg_listening_channels()`)
		require.NoError(t, err)
		for rows.Next() {
			var ch string
			require.NoError(t, rows.Scan(&ch))
			here = append(here, ch)
		}
		require.NoError(t, rows.Err())
		require.Equal(t, []string{"jobs_available"}, here, "the pool handed out the listening connection")

		rows, err = pool.Query(ctx, `SELECT pg_listening_channels()`)
		require.NoError(t, err)
		for rows.Next() {
			var ch string
			require.NoError(t, rows.Scan(&ch))
			elsewhere = append(elsewhere, ch)
		}
		require.NoError(t, rows.Err())
		require.Empty(t, elsewhere, "the next statement's connection listens to nothing")
	})
}
