package queue

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"

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

// migrationLock serializes Migrate across processes: every worker may run it
// at start-up.
const migrationLock = `SELECT pg_advisory_xact_lock(hashtext('jobs_migrations'))`

type migration struct {
	version  int
	up, down string
}

// Migrate applies the migrations not yet applied, in order, in one
// transaction.
func Migrate(ctx context.Context, pool *pgxpool.Pool) error {
	return migrateTx(ctx, pool, func(tx pgx.Tx, all []migration, applied map[int]bool) error {
		for _, m := range all {
			if applied[m.version] {
				continue
			}
			if _, err := tx.Exec(ctx, m.up); err != nil {
				return fmt.Errorf("migration %d up: %w", m.version, err)
			}
			if _, err := tx.Exec(ctx, `INSERT INTO jobs_migrations (version) VALUES ($1)`, m.version); err != nil {
				return err
			}
		}
		return nil
	})
}

// MigrateDown reverts the applied migrations above version target, newest
// first, in one transaction. MigrateDown(ctx, pool, 0) removes the queue.
func MigrateDown(ctx context.Context, pool *pgxpool.Pool, target int) error {
	return migrateTx(ctx, pool, func(tx pgx.Tx, all []migration, applied map[int]bool) error {
		for i := len(all) - 1; i >= 0; i-- {
			m := all[i]
			if m.version <= target || !applied[m.version] {
				continue
			}
			if _, err := tx.Exec(ctx, m.down); err != nil {
				return fmt.Errorf("migration %d down: %w", m.version, err)
			}
			if _, err := tx.Exec(ctx, `DELETE FROM jobs_migrations WHERE version = $1`, m.version); err != nil {
				return err
			}
		}
		return nil
	})
}

// migrateTx runs fn in one transaction that holds the migration lock, with
// the embedded migrations and the versions already applied.
func migrateTx(ctx context.Context, pool *pgxpool.Pool, fn func(tx pgx.Tx, all []migration, applied map[int]bool) error) error {
	all, err := loadMigrations()
	if err != nil {
		return err
	}
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		applied, err := appliedVersions(ctx, tx)
		if err != nil {
			return err
		}
		return fn(tx, all, applied)
	})
}

func appliedVersions(ctx context.Context, tx pgx.Tx) (map[int]bool, error) {
	if _, err := tx.Exec(ctx, migrationLock); err != nil {
		return nil, err
	}
	if _, err := tx.Exec(ctx, migrationsTable); err != nil {
		return nil, err
	}
	rows, err := tx.Query(ctx, `SELECT version FROM jobs_migrations`)
	if err != nil {
		return nil, err
	}
	versions, err := pgx.CollectRows(rows, pgx.RowTo[int])
	if err != nil {
		return nil, err
	}
	applied := make(map[int]bool, len(versions))
	for _, v := range versions {
		applied[v] = true
	}
	return applied, nil
}

// loadMigrations reads the embedded NNNN_name.up.sql and .down.sql pairs.
func loadMigrations() ([]migration, error) {
	files, err := fs.Glob(migrations, "migrations/*.sql")
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
		body, err := migrations.ReadFile(f)
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
