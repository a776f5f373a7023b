package newmigration

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/analyzers/rule"
	"github.com/jobqlint/jobqlint/internal/pgtest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

var (
	index = &rule.Migration{
		Name: "jobs_poll_idx", NoTransaction: true, Comment: "Build it without locking out writes.",
		Up:   "CREATE INDEX CONCURRENTLY jobs_poll_idx ON jobs (run_at) WHERE status = 'queued'",
		Down: "DROP INDEX CONCURRENTLY IF EXISTS jobs_poll_idx",
	}
	alter = &rule.Migration{
		Name: "jobs_run_at_timestamptz", Comment: "Read as UTC times.",
		Up:   "ALTER TABLE jobs ALTER COLUMN run_at TYPE timestamptz USING run_at AT TIME ZONE 'UTC'",
		Down: "ALTER TABLE jobs ALTER COLUMN run_at TYPE timestamp USING run_at AT TIME ZONE 'UTC'",
	}
	now = time.Date(2026, 12, 3, 9, 30, 0, 0, time.UTC)
)

func dir(t *testing.T, files map[string]string) string {
	t.Helper()
	d := t.TempDir()
	for name, data := range files {
		require.NoError(t, os.WriteFile(filepath.Join(d, name), []byte(data), 0o644))
	}
	return d
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(b)
}

// Each scheme gets its next number and its tool's markers; the existing
// files are left as they were.
func TestSchemes(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  map[string]string // created file -> content
	}{{
		name:  "plain sequence",
		files: map[string]string{"001_jobs.sql": "CREATE TABLE jobs ();", "002_more.sql": "SELECT 1;"},
		want: map[string]string{"003_jobs_poll_idx.sql": "-- Build it without locking out writes.\n" +
			"CREATE INDEX CONCURRENTLY jobs_poll_idx ON jobs (run_at) WHERE status = 'queued';\n"},
	}, {
		name:  "up/down pairs, four digits",
		files: map[string]string{"0001_jobs.up.sql": "CREATE TABLE jobs ();", "0001_jobs.down.sql": "DROP TABLE jobs;"},
		want: map[string]string{
			"0002_jobs_poll_idx.up.sql":   "-- Build it without locking out writes.\nCREATE INDEX CONCURRENTLY jobs_poll_idx ON jobs (run_at) WHERE status = 'queued';\n",
			"0002_jobs_poll_idx.down.sql": "DROP INDEX CONCURRENTLY IF EXISTS jobs_poll_idx;\n",
		},
	}, {
		name:  "goose, timestamps",
		files: map[string]string{"20240102150405_jobs.sql": "-- +goose Up\nCREATE TABLE jobs ();\n-- +goose Down\nDROP TABLE jobs;\n"},
		want: map[string]string{"20261203093000_jobs_poll_idx.sql": "-- +goose NO TRANSACTION\n-- +goose Up\n" +
			"-- Build it without locking out writes.\nCREATE INDEX CONCURRENTLY jobs_poll_idx ON jobs (run_at) WHERE status = 'queued';\n\n" +
			"-- +goose Down\nDROP INDEX CONCURRENTLY IF EXISTS jobs_poll_idx;\n"},
	}, {
		name:  "dbmate, a timestamp ahead of the clock",
		files: map[string]string{"20991231235959_jobs.sql": "-- migrate:up\nCREATE TABLE jobs ();\n-- migrate:down\nDROP TABLE jobs;\n"},
		want: map[string]string{"21000101000000_jobs_poll_idx.sql": "-- migrate:up transaction:false\n" +
			"-- Build it without locking out writes.\nCREATE INDEX CONCURRENTLY jobs_poll_idx ON jobs (run_at) WHERE status = 'queued';\n\n" +
			"-- migrate:down transaction:false\nDROP INDEX CONCURRENTLY IF EXISTS jobs_poll_idx;\n"},
	}, {
		name:  "sql-migrate, dashes",
		files: map[string]string{"1-jobs.sql": "-- +migrate Up\nCREATE TABLE jobs ();\n-- +migrate Down\nDROP TABLE jobs;\n"},
		want: map[string]string{"2-jobs_poll_idx.sql": "-- +migrate Up notransaction\n" +
			"-- Build it without locking out writes.\nCREATE INDEX CONCURRENTLY jobs_poll_idx ON jobs (run_at) WHERE status = 'queued';\n\n" +
			"-- +migrate Down notransaction\nDROP INDEX CONCURRENTLY IF EXISTS jobs_poll_idx;\n"},
	}, {
		name:  "tern",
		files: map[string]string{"001_jobs.sql": "CREATE TABLE jobs ();\n---- create above / drop below ----\nDROP TABLE jobs;\n"},
		want: map[string]string{"002_jobs_poll_idx.sql": "---- tern: disable-tx ----\n" +
			"-- Build it without locking out writes.\nCREATE INDEX CONCURRENTLY jobs_poll_idx ON jobs (run_at) WHERE status = 'queued';\n\n" +
			"---- create above / drop below ----\n\nDROP INDEX CONCURRENTLY IF EXISTS jobs_poll_idx;\n"},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			d := dir(t, tc.files)
			s, err := Detect(d)
			require.NoError(t, err)
			created, err := s.Write(index, now)
			require.NoError(t, err)
			got := map[string]string{}
			for _, f := range created {
				got[filepath.Base(f)] = read(t, f)
			}
			require.Equal(t, tc.want, got)
			for name, data := range tc.files {
				require.Equal(t, data, read(t, filepath.Join(d, name)), "an existing migration was edited")
			}
		})
	}
}

// A transactional change in goose needs no marker.
func TestGooseInTransaction(t *testing.T) {
	d := dir(t, map[string]string{"001_jobs.sql": "-- +goose Up\nCREATE TABLE jobs ();\n"})
	s, err := Detect(d)
	require.NoError(t, err)
	created, err := s.Write(alter, now)
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(read(t, created[0]), "-- +goose Up\n-- Read as UTC times.\nALTER TABLE"), read(t, created[0]))
}

// Two changes in one run get consecutive numbers; a directory without
// numbered migrations is not a migrations directory.
func TestNumbering(t *testing.T) {
	d := dir(t, map[string]string{"009_jobs.sql": "", "schema.sql": ""})
	s, err := Detect(d)
	require.NoError(t, err)
	a, err := s.Write(index, now)
	require.NoError(t, err)
	b, err := s.Write(alter, now)
	require.NoError(t, err)
	require.Equal(t, "010_jobs_poll_idx.sql", filepath.Base(a[0]))
	require.Equal(t, "011_jobs_run_at_timestamptz.sql", filepath.Base(b[0]))

	_, err = Detect(dir(t, map[string]string{"schema.sql": ""}))
	require.ErrorContains(t, err, "holds no numbered migrations")
}

// On PostgreSQL 15, the seed's table with its timestamp column, then the
// two new migrations, each file sent as one query the way golang-migrate
// sends it: the index is built outside a transaction block, and a job due
// at 12:00 UTC, stored as 12:00 by a UTC session, is still due at 12:00 UTC
// after the conversion.
func TestMigrationsOnPostgreSQL(t *testing.T) {
	conn := pgtest.Connect(t)
	ctx := context.Background()
	pgtest.Exec(t, conn, `CREATE TABLE jobs (id bigserial PRIMARY KEY, status text NOT NULL DEFAULT 'queued', run_at timestamp NOT NULL DEFAULT now())`)
	pgtest.Exec(t, conn, `SET TIME ZONE 'UTC'`)
	pgtest.Exec(t, conn, `INSERT INTO jobs (run_at) VALUES ('2026-07-01 12:00:00')`)

	d := dir(t, map[string]string{"001_jobs.sql": ""})
	s, err := Detect(d)
	require.NoError(t, err)
	for _, m := range []*rule.Migration{index, alter} {
		created, err := s.Write(m, now)
		require.NoError(t, err)
		_, err = conn.PgConn().Exec(ctx, read(t, created[0])).ReadAll()
		require.NoError(t, err, "%s", read(t, created[0]))
	}

	var typ string
	require.NoError(t, conn.QueryRow(ctx, `SELECT format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = 'jobs'::regclass AND attname = 'run_at'`).Scan(&typ))
	require.Equal(t, "timestamp with time zone", typ)
	pgtest.Exec(t, conn, `SET TIME ZONE 'Europe/London'`)
	var due bool
	require.NoError(t, conn.QueryRow(ctx, `SELECT run_at = '2026-07-01 12:00:00+00'::timestamptz FROM jobs`).Scan(&due))
	require.True(t, due)
	var valid bool
	require.NoError(t, conn.QueryRow(ctx, `SELECT indisvalid FROM pg_index WHERE indexrelid = 'jobs_poll_idx'::regclass`).Scan(&valid))
	require.True(t, valid)

	// Sent inside a transaction block, the index migration fails: the
	// marker is needed.
	_, err = conn.PgConn().Exec(ctx, "BEGIN; CREATE INDEX CONCURRENTLY jobs_x ON jobs (status); COMMIT").ReadAll()
	require.ErrorContains(t, err, "cannot run inside a transaction block")
}
