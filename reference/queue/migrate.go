package queue

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

//go:embed migrations/*.sql
var migrations embed.FS

// migrationsTable records which migrations have been applied.
const migrationsTable = `
CREATE TABLE IF NOT EXISTS jobs_migrations (
    version    integer     PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
)`

// migrationLock serializes migrations across processes. It is a session
// lock, held on one connection for the whole run: some steps run outside a
// transaction.
const (
	migrationLock   = `SELECT pg_advisory_lock(hashtext('jobs_migrations'))`
	migrationUnlock = `SELECT pg_advisory_unlock(hashtext('jobs_migrations'))`
)

// migrationLockTimeout bounds each step's wait for a table lock. A step
// waiting for ACCESS EXCLUSIVE (behind a long report, say) makes every
// later statement on the table wait behind it: the workers' claims too. It
// fails instead, and the deploy tries again.
const migrationLockTimeout = 5 * time.Second

// noTransaction, as the first line of a migration file, runs it outside a
// transaction, as CREATE INDEX CONCURRENTLY needs. Such a file holds one
// statement, written to be run again if it fails halfway (IF NOT EXISTS).
// A CONCURRENTLY build that fails (a duplicate under a unique index, a
// cancel, a deadlock) leaves its index behind, INVALID: unused by queries
// yet updated by every write, and the rerun's IF NOT EXISTS skips it. So
// after such a step, Migrate checks the indexes of the tables it names
// (invalidIndexes) and refuses to record it while one is invalid.
const noTransaction = "-- queue:no-transaction"

// invalidIndexesSQL lists the INVALID indexes (pg_index.indisvalid) of the
// current schema's tables, with their table.
const invalidIndexesSQL = `
SELECT ix.relname, tb.relname
FROM pg_index i
JOIN pg_class ix ON ix.oid = i.indexrelid
JOIN pg_class tb ON tb.oid = i.indrelid
WHERE NOT i.indisvalid AND tb.relnamespace = current_schema()::regnamespace`

type migration struct {
	version  int
	up, down string
}

// Migrate applies the migrations not yet applied, in order, each in a
// transaction of its own (unless marked noTransaction), each step waiting
// at most migrationLockTimeout for a lock. Run it from a deploy step, or at
// start from one worker: the worker command's -migrate.
func Migrate(ctx context.Context, pool *pgxpool.Pool) error {
	return migrateUp(ctx, pool, migrations)
}

// MigrateDown reverts the applied migrations above version target, newest
// first. MigrateDown(ctx, pool, 0) removes the queue.
func MigrateDown(ctx context.Context, pool *pgxpool.Pool, target int) error {
	return migrateDown(ctx, pool, migrations, target)
}

func migrateUp(ctx context.Context, pool *pgxpool.Pool, fsys fs.FS) error {
	return withMigrationLock(ctx, pool, fsys, func(conn *pgx.Conn, all []migration, applied map[int]bool) error {
		for _, m := range all {
			if applied[m.version] {
				continue
			}
			record := `INSERT INTO jobs_migrations (version) VALUES ($1)`
			if err := step(ctx, conn, m.up, record, m.version); err != nil {
				return fmt.Errorf("migration %d up: %w", m.version, err)
			}
		}
		return nil
	})
}

func migrateDown(ctx context.Context, pool *pgxpool.Pool, fsys fs.FS, target int) error {
	return withMigrationLock(ctx, pool, fsys, func(conn *pgx.Conn, all []migration, applied map[int]bool) error {
		for i := len(all) - 1; i >= 0; i-- {
			m := all[i]
			if m.version <= target || !applied[m.version] {
				continue
			}
			record := `DELETE FROM jobs_migrations WHERE version = $1`
			if err := step(ctx, conn, m.down, record, m.version); err != nil {
				return fmt.Errorf("migration %d down: %w", m.version, err)
			}
		}
		return nil
	})
}

// step runs one migration's SQL and records it: in one transaction, or, for
// a noTransaction file, the statement and then the record.
func step(ctx context.Context, conn *pgx.Conn, sql, record string, version int) error {
	if strings.HasPrefix(sql, noTransaction) {
		if _, err := conn.Exec(ctx, sql); err != nil {
			return err
		}
		if err := invalidIndexes(ctx, conn, sql); err != nil {
			return err
		}
		_, err := conn.Exec(ctx, record, version)
		return err
	}
	return pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, sql); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, record, version)
		return err
	})
}

// invalidIndexes reports the INVALID indexes on the tables that sql names.
// (An index another session is building CONCURRENTLY on the same table is
// INVALID until it is done: the next try succeeds.)
func invalidIndexes(ctx context.Context, conn *pgx.Conn, sql string) error {
	rows, err := conn.Query(ctx, invalidIndexesSQL)
	if err != nil {
		return err
	}
	var invalid []string
	var index, table string
	_, err = pgx.ForEachRow(rows, []any{&index, &table}, func() error {
		if regexp.MustCompile(`\b` + regexp.QuoteMeta(table) + `\b`).MatchString(sql) {
			invalid = append(invalid, fmt.Sprintf("%s on %s", index, table))
		}
		return nil
	})
	if err != nil {
		return err
	}
	if len(invalid) > 0 {
		return fmt.Errorf("INVALID index %s, left by a failed CREATE INDEX CONCURRENTLY (or being built by another session): "+
			"drop it (DROP INDEX CONCURRENTLY), fix the cause, and migrate again", strings.Join(invalid, ", "))
	}
	return nil
}

// withMigrationLock runs fn on one connection that holds the migration lock
// and has the lock timeout set, with the migrations in fsys and the versions
// already applied.
func withMigrationLock(ctx context.Context, pool *pgxpool.Pool, fsys fs.FS, fn func(conn *pgx.Conn, all []migration, applied map[int]bool) error) error {
	all, err := loadMigrations(fsys)
	if err != nil {
		return err
	}
	pc, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	conn := pc.Conn()
	// Waiting for another process's migration is fine: no lock timeout yet.
	if _, err := conn.Exec(ctx, migrationLock); err != nil {
		pc.Conn().Close(ctx) // the lock may be held or pending: do not reuse
		pc.Release()
		return err
	}
	defer func() {
		_, unlockErr := conn.Exec(context.WithoutCancel(ctx), migrationUnlock)
		_, resetErr := conn.Exec(context.WithoutCancel(ctx), `RESET lock_timeout`)
		if unlockErr != nil || resetErr != nil {
			conn.Close(context.WithoutCancel(ctx)) // the pool drops a closed connection
		}
		pc.Release()
	}()
	if _, err := conn.Exec(ctx, fmt.Sprintf("SET lock_timeout = %d", migrationLockTimeout.Milliseconds())); err != nil {
		return err
	}
	if _, err := conn.Exec(ctx, migrationsTable); err != nil {
		return err
	}
	rows, err := conn.Query(ctx, `SELECT version FROM jobs_migrations`)
	if err != nil {
		return err
	}
	versions, err := pgx.CollectRows(rows, pgx.RowTo[int])
	if err != nil {
		return err
	}
	applied := make(map[int]bool, len(versions))
	for _, v := range versions {
		applied[v] = true
	}
	return fn(conn, all, applied)
}

// loadMigrations reads the NNNN_name.up.sql and .down.sql pairs.
func loadMigrations(fsys fs.FS) ([]migration, error) {
	files, err := fs.Glob(fsys, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	byVersion := map[int]*migration{}
	for _, f := range files {
		base := path.Base(f)
		num, _, ok := strings.Cut(base, "_")
		version, err := strconv.Atoi(num)
		if !ok || err != nil {
			return nil, fmt.Errorf("migration %s: name must start with a number and _", base)
		}
		body, err := fs.ReadFile(fsys, f)
		if err != nil {
			return nil, err
		}
		m := byVersion[version]
		if m == nil {
			m = &migration{version: version}
			byVersion[version] = m
		}
		switch {
		case strings.HasSuffix(base, ".up.sql"):
			m.up = string(body)
		case strings.HasSuffix(base, ".down.sql"):
			m.down = string(body)
		default:
			return nil, fmt.Errorf("migration %s: name must end in .up.sql or .down.sql", base)
		}
	}
	all := make([]migration, 0, len(byVersion))
	for _, m := range byVersion {
		if m.up == "" || m.down == "" {
			return nil, fmt.Errorf("migration %d: needs both an up and a down file", m.version)
		}
		all = append(all, *m)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].version < all[j].version })
	return all, nil
}
