package queue

import (
	"context"
	"errors"
	"testing"
	"testing/fstest"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/stretchr/testify/require"
)

// A migration that waits for a lock (a long report holds jobs) gives up
// after the lock timeout instead of waiting on: while it waits, every
// worker's claim would queue behind its ACCESS EXCLUSIVE request.
func TestMigrationGivesUpOnALockInsteadOfStallingTheQueue(t *testing.T) {
	_, pool := newDB(t)
	ctx := context.Background()
	require.NoError(t, MigrateDown(ctx, pool, 1))
	report, err := pool.Begin(ctx)
	require.NoError(t, err)
	defer report.Rollback(ctx)
	_, err = report.Exec(ctx, `SELECT count(*) FROM jobs`) // holds ACCESS SHARE until it ends
	require.NoError(t, err)

	ctx20, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	start := time.Now()
	err = Migrate(ctx20, pool)
	var pgErr *pgconn.PgError
	require.True(t, errors.As(err, &pgErr), "%v", err)
	require.Equal(t, "55P03", pgErr.Code, "lock_not_available")
	require.Less(t, time.Since(start), 2*migrationLockTimeout)

	require.NoError(t, report.Rollback(ctx))
	require.NoError(t, Migrate(ctx, pool), "the next try succeeds")
}

// A migration marked "-- queue:no-transaction" runs outside a transaction,
// as CREATE INDEX CONCURRENTLY must; the others run in one each.
func TestMigrationOutsideATransaction(t *testing.T) {
	_, pool := newDB(t)
	ctx := context.Background()
	fsys := fstest.MapFS{
		"migrations/0001_t.up.sql":     {Data: []byte("CREATE TABLE t (x int);\nCREATE TABLE u (y int);")},
		"migrations/0001_t.down.sql":   {Data: []byte("DROP TABLE u; DROP TABLE t;")},
		"migrations/0002_t_x.up.sql":   {Data: []byte("-- queue:no-transaction\nCREATE INDEX CONCURRENTLY t_x ON t (x)")},
		"migrations/0002_t_x.down.sql": {Data: []byte("-- queue:no-transaction\nDROP INDEX CONCURRENTLY t_x")},
	}
	_, err := pool.Exec(ctx, `DROP TABLE jobs_migrations`) // newDB migrated the queue itself
	require.NoError(t, err)
	require.NoError(t, migrateUp(ctx, pool, fsys))
	var n int
	require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FROM pg_indexes WHERE indexname = 't_x'`).Scan(&n))
	require.Equal(t, 1, n)
	require.NoError(t, migrateDown(ctx, pool, fsys, 1))
	require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FROM pg_indexes WHERE indexname = 't_x'`).Scan(&n))
	require.Zero(t, n)
}

// A CREATE INDEX CONCURRENTLY that fails halfway leaves an INVALID index;
// run again, IF NOT EXISTS skips it. Migrate checks the indexes on the
// tables the step names and refuses to record the migration while one is
// invalid; once it is dropped, the next run builds it.
func TestFailedConcurrentIndexIsNotRecordedAsApplied(t *testing.T) {
	_, pool := newDB(t)
	ctx := context.Background()
	fsys := fstest.MapFS{
		"migrations/0001_t.up.sql":     {Data: []byte("CREATE TABLE t (x int); INSERT INTO t VALUES (1), (1);")},
		"migrations/0001_t.down.sql":   {Data: []byte("DROP TABLE t;")},
		"migrations/0002_t_x.up.sql":   {Data: []byte("-- queue:no-transaction\nCREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS t_x ON t (x)")},
		"migrations/0002_t_x.down.sql": {Data: []byte("-- queue:no-transaction\nDROP INDEX CONCURRENTLY t_x")},
	}
	_, err := pool.Exec(ctx, `DROP TABLE jobs_migrations`) // newDB migrated the queue itself
	require.NoError(t, err)
	applied := func() (n int) {
		require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FROM jobs_migrations WHERE version = 2`).Scan(&n))
		return n
	}

	require.Error(t, migrateUp(ctx, pool, fsys), "the duplicate fails the build")
	var valid bool
	require.NoError(t, pool.QueryRow(ctx, `SELECT indisvalid FROM pg_index WHERE indexrelid = 't_x'::regclass`).Scan(&valid))
	require.False(t, valid, "the failed build left an INVALID index")

	err = migrateUp(ctx, pool, fsys)
	require.ErrorContains(t, err, "t_x")
	require.ErrorContains(t, err, "INVALID")
	require.Zero(t, applied(), "recorded as applied with an INVALID index")

	_, err = pool.Exec(ctx, `DELETE FROM t WHERE ctid = (SELECT max(ctid) FROM t); DROP INDEX t_x`)
	require.NoError(t, err)
	require.NoError(t, migrateUp(ctx, pool, fsys))
	require.Equal(t, 1, applied())
	require.NoError(t, pool.QueryRow(ctx, `SELECT indisvalid FROM pg_index WHERE indexrelid = 't_x'::regclass`).Scan(&valid))
	require.True(t, valid)
}
