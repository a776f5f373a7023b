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
