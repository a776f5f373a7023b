package sqlcheck

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// seedData returns a migration of n INSERTs of seed data, about 85 bytes
// each, as a data migration ships them.
func seedData(n int) string {
	var b strings.Builder
	b.WriteString("-- Seed data.\n")
	for i := range n {
		fmt.Fprintf(&b, "INSERT INTO countries (id, code, name) VALUES (%d, 'c%06d', 'Country number %06d');\n", i, i, i)
	}
	return b.String()
}

// referenceSchema returns the reference queue's up migrations as files.
func referenceSchema(tb testing.TB) []File {
	tb.Helper()
	paths, err := filepath.Glob("../reference/queue/migrations/*.up.sql")
	require.NoError(tb, err)
	require.NotEmpty(tb, paths)
	var files []File
	for _, p := range paths {
		content, err := os.ReadFile(p)
		require.NoError(tb, err)
		files = append(files, File{Path: p, Content: content})
	}
	return files
}

// withScanFirst runs f with the scanner's look on or off.
func withScanFirst(on bool, f func()) {
	old := scanFirst
	scanFirst = on
	defer func() { scanFirst = old }()
	f()
}

// readSchema does what the model does with a module's files: the schema
// replayed from its sources, and its statements.
func readSchema(m *ModuleFiles) (*Schema, []*Stmt) {
	srcs, _, _ := m.Sources()
	return Replay(srcs), m.Statements()
}

// BenchmarkSeedMigration reads a module whose migrations are the reference
// schema and a 200,000-INSERT seed-data migration (about 17 MB), with every
// statement parsed (parse-all, as before) and with data statements
// recognised by the scanner and passed over (scan-first).
func BenchmarkSeedMigration(b *testing.B) {
	files := referenceSchema(b)
	seed := File{Path: "migrations/0099_seed.up.sql", Content: []byte(seedData(200_000))}
	files = append(files, seed)
	b.Logf("seed migration: %d bytes", len(seed.Content))
	m := &ModuleFiles{Root: ".", Files: files}
	for _, mode := range []struct {
		name string
		on   bool
	}{{"parse-all", false}, {"scan-first", true}} {
		b.Run(mode.name, func(b *testing.B) {
			withScanFirst(mode.on, func() {
				for b.Loop() {
					s, _ := readSchema(m)
					if s.Table("public.jobs") == nil {
						b.Fatal("the reference schema has no jobs table")
					}
				}
			})
		})
	}
}

// mixedMigrations are two migrations: the queue's table, then a file that
// mixes seed data with every kind of statement that changes the schema or
// the session the rest of the file runs in.
var mixedMigrations = []string{`
CREATE TABLE jobs (id bigint PRIMARY KEY, state text NOT NULL DEFAULT 'queued', run_at timestamp NOT NULL);
`, `
INSERT INTO jobs (id, state, run_at) VALUES (1, 'queued', now()), (2, 'done', now());
-- the DDL between the data is replayed
SET search_path TO app;
CREATE TABLE settings (key text PRIMARY KEY, value text);
INSERT INTO settings VALUES ('a', 'b');
COPY settings (key, value) FROM stdin;
c	d; not SQL
e	f
\.
CREATE TABLE after_copy (id int);
UPDATE settings SET value = 'x' WHERE key = 'a';
DELETE FROM settings WHERE key = 'c';
SELECT key FROM settings;
DO $$ BEGIN EXECUTE 'CREATE TABLE from_do (id int)'; END $$;
CREATE FUNCTION app.claim() RETURNS void LANGUAGE sql AS $$ UPDATE public.jobs SET state = 'running' WHERE id = 1 $$;
RESET search_path;
SELECT pg_catalog.set_config('lock_timeout', '5s', false);
ALTER TABLE jobs ADD COLUMN leased_until timestamptz;
COMMENT ON TABLE jobs IS 'the queue';
GRANT SELECT ON jobs TO PUBLIC;
INSERT INTO jobs (id, state, run_at) VALUES (3, 'queued', now());
CREATE INDEX jobs_poll ON jobs (run_at) WHERE state = 'queued';
`}

func TestReplaySeedDataAsBefore(t *testing.T) {
	var before, after *Schema
	withScanFirst(false, func() { before = replay(t, mixedMigrations...) })
	withScanFirst(true, func() { after = replay(t, mixedMigrations...) })
	require.Equal(t, before, after)

	require.Empty(t, after.Problems)
	for _, name := range []string{"public.jobs", "app.settings", "app.after_copy"} {
		require.NotNil(t, after.Table(name), name)
	}
	require.NotNil(t, after.Table("public.jobs").Column("leased_until"))
	require.Len(t, after.Table("public.jobs").Indexes, 2)
	require.NotNil(t, after.Function("app.claim"))
	require.Len(t, after.Locks, 2)
	require.True(t, after.Locks[0].LockTimeout, "the set_config before the ALTER is read")
}

func TestReplayDoesNotParseData(t *testing.T) {
	const bad = "CREATE TABLE jobs (id int);\nINSERT INTO jobs VALUES (1,, 2);\nCREATE TABLE broken (id int,,);\n"
	var before, after *Schema
	withScanFirst(false, func() { before = replay(t, bad) })
	withScanFirst(true, func() { after = replay(t, bad) })
	require.Len(t, before.Problems, 2)
	// The INSERT is passed over by the scanner: its syntax error is not
	// seen, the CREATE TABLE's still is.
	require.Len(t, after.Problems, 1)
	require.Equal(t, 3, after.Problems[0].Loc.Line)
}

func TestStatementsKeepUpdatesAmongSeedData(t *testing.T) {
	m := &ModuleFiles{Files: []File{{Path: "m/1.sql", Content: []byte(seedData(3) +
		"UPDATE jobs SET state = 'queued' WHERE state = 'running' AND leased_until < now();\n" +
		"DELETE FROM jobs WHERE state = 'done';\nSELECT id FROM jobs WHERE state = 'queued';\n")}}}
	var kinds []Kind
	for _, st := range m.Statements() {
		kinds = append(kinds, st.Kind)
	}
	require.Equal(t, []Kind{KindUpdate, KindDelete, KindSelect}, kinds)
}

func TestCopyDataIsNotSQL(t *testing.T) {
	text := "COPY t (a) FROM STDIN;\nx;y\n\\.\nCREATE TABLE u (id int);\ncopy t from stdin with (format csv);\n1;2"
	var got []string
	for _, sp := range split(text) {
		got = append(got, strings.TrimSpace(text[sp.first:sp.end]))
	}
	require.Equal(t, []string{"COPY t (a) FROM STDIN;", "CREATE TABLE u (id int);", "copy t from stdin with (format csv);"}, got)
}
