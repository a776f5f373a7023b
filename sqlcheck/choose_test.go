package sqlcheck

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for rel, content := range files {
		p := filepath.Join(root, rel)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	}
	return root
}

func relUses(root string, uses []SourceUse) []SourceUse {
	out := make([]SourceUse, len(uses))
	for i, u := range uses {
		u.Path, _ = filepath.Rel(root, u.Path)
		out[i] = u
	}
	return out
}

// The layout of hatchet at 89d130f: goose migrations, and the snapshot
// sqlc.yaml names (with its query files), which lags behind them.
func TestMigrationsOverSqlcSnapshot(t *testing.T) {
	root := writeTree(t, map[string]string{
		"cmd/migrate/migrations/20240101_init.sql":  "-- +goose Up\nCREATE TABLE jobs (id int, status text, run_at timestamptz);\n-- +goose Down\nDROP TABLE jobs;\n",
		"cmd/migrate/migrations/20240201_index.sql": "-- +goose Up\nCREATE INDEX jobs_run ON jobs (run_at) WHERE status = 'queued';\n",
		"sql/schema/v1.sql":                         "CREATE TABLE jobs (id int, status text, run_at timestamptz);\nCREATE TABLE snapshot_only (id int);\n",
		"pkg/db/sqlc.yaml":                          "version: \"2\"\nsql:\n  - engine: postgresql\n    schema:\n      - ../../sql/schema/v1.sql\n      - ./extra.sql\n    queries: [jobs.sql]\n",
		"pkg/db/extra.sql":                          "CREATE TABLE sqlc_helper (id int);\n",
		"pkg/db/jobs.sql":                           "-- name: Poll :many\nSELECT * FROM jobs WHERE status = @status;\n",
		"pkg/db/jobs.sql.go":                        "package db\n\nconst poll = `SELECT * FROM jobs WHERE status = $1`\n",
		"seed/fixtures.sql":                         "INSERT INTO jobs VALUES (1, 'queued', now());\n",
	})
	srcs, uses, probs := ReadModule(root).Sources()
	require.Empty(t, probs)
	s := Replay(srcs)
	require.Empty(t, s.Problems)
	require.Len(t, s.Table("public.jobs").Indexes, 1, "the later migration's index is in the final schema")
	require.Nil(t, s.Table("public.snapshot_only"), "the snapshot is not replayed")
	require.Nil(t, s.Table("public.sqlc_helper"))
	cfg := filepath.Join(root, "pkg/db/sqlc.yaml")
	why := "the schema snapshot sqlc reads; the goose migrations in " + filepath.Join(root, "cmd/migrate/migrations") + " are the final schema"
	require.Equal(t, []SourceUse{
		{Path: "cmd/migrate/migrations", Kind: "goose migrations", Files: 2, Used: true},
		{Path: "pkg/db/extra.sql", Kind: "sqlc schema (" + cfg + ")", Files: 1, Why: why},
		{Path: "pkg/db/jobs.sql", Kind: "sqlc queries (" + cfg + ")", Files: 1, Why: "statements for sqlc to generate code from, not schema"},
		{Path: "seed/fixtures.sql", Kind: "data script", Files: 1, Why: "seed or demo data (named so; data statements and no DDL), not a migration"},
		{Path: "sql/schema/v1.sql", Kind: "sqlc schema (" + cfg + ")", Files: 1, Why: why},
	}, relUses(root, uses))
}

func TestSqlcSnapshotAloneIsTheSchema(t *testing.T) {
	root := writeTree(t, map[string]string{
		"db/schema/1.sql": "CREATE TABLE jobs (id int, status text);\n",
		"db/schema/2.sql": "CREATE INDEX jobs_status ON jobs (status);\n",
		"sqlc.yml":        "version: \"1\"\npackages:\n  - name: db\n    schema: db/schema\n    queries: db/query\n",
		"db/query/q.sql":  "-- name: Get :one\nSELECT * FROM jobs WHERE id = $1;\n",
	})
	srcs, uses, probs := ReadModule(root).Sources()
	require.Empty(t, probs)
	require.Len(t, Replay(srcs).Table("public.jobs").Indexes, 1)
	cfg := filepath.Join(root, "sqlc.yml")
	require.Equal(t, []SourceUse{
		{Path: "db/query/q.sql", Kind: "sqlc queries (" + cfg + ")", Files: 1, Why: "statements for sqlc to generate code from, not schema"},
		{Path: "db/schema", Kind: "sqlc schema (" + cfg + ")", Files: 2, Used: true},
	}, relUses(root, uses))
}

// sqlc reads migrations too: a schema path that is a directory of
// migrations is the migrations, not a snapshot.
func TestSqlcReadingMigrations(t *testing.T) {
	root := writeTree(t, map[string]string{
		"migrations/1_jobs.up.sql":   "CREATE TABLE jobs (id int);\n",
		"migrations/1_jobs.down.sql": "DROP TABLE jobs;\n",
		"migrations/2_idx.up.sql":    "CREATE INDEX jobs_id ON jobs (id);\n",
		"sqlc.json":                  `{"version": "2", "sql": [{"engine": "postgresql", "schema": "migrations", "queries": "q.sql"}, {"engine": "mysql", "schema": "mysql/schema.sql", "queries": "mysql/q.sql"}]}`,
		"mysql/schema.sql":           "CREATE TABLE `jobs` (id int) ENGINE=InnoDB;\n",
	})
	srcs, uses, probs := ReadModule(root).Sources()
	require.Empty(t, probs)
	s := Replay(srcs)
	require.Empty(t, s.Problems, "MySQL's schema is not replayed as PostgreSQL")
	require.Len(t, s.Table("public.jobs").Indexes, 1)
	require.Equal(t, []SourceUse{
		{Path: "migrations", Kind: "golang-migrate migrations", Files: 2, Used: true},
		{Path: "mysql/schema.sql", Kind: "sqlc mysql files (" + filepath.Join(root, "sqlc.json") + ")", Files: 1, Why: "sqlc reads them for mysql, not PostgreSQL"},
	}, relUses(root, uses))
}

// A module that supports several databases keeps a schema for each
// (temporal: schema/mysql, schema/sqlite, schema/postgresql). Only
// PostgreSQL's is replayed: MySQL's would add its tables and its syntax
// errors, and its migrations would set PostgreSQL's aside as a snapshot.
func TestSchemasOfOtherDatabases(t *testing.T) {
	root := writeTree(t, map[string]string{
		"schema/postgresql/v12/schema.sql":    "CREATE TABLE jobs (id bigint PRIMARY KEY, status text, run_at timestamptz);\n",
		"schema/mysql/v8/schema.sql":          "CREATE TABLE jobs (id BIGINT NOT NULL AUTO_INCREMENT, PRIMARY KEY (id)) ENGINE=InnoDB;\nCREATE TABLE mysql_only (id int);\n",
		"schema/SQLite/migrations/1_x.up.sql": "CREATE TABLE sqlite_only (id INTEGER PRIMARY KEY AUTOINCREMENT);\n",
		"db/mysqlish/1.sql":                   "CREATE TABLE kept (id int);\n",
		"develop/docker/mysql-init/init.sql":  "CREATE TABLE `init_only` (id int) ENGINE=InnoDB;\n",
		"plugin/mysql/ddl.go":                 "package mysql\n\nconst ddl = `CREATE TABLE mysql_go (id int) ENGINE=InnoDB`\n",
		"plugin/mysql/nosql.go":               "package mysql\n\nconst name = \"mysql\"\n",
	})
	srcs, uses, probs := ReadModule(root).Sources()
	require.Empty(t, probs)
	s := Replay(srcs)
	require.Empty(t, s.Problems, "no other database's syntax reaches the replay")
	require.NotNil(t, s.Table("public.jobs").Column("run_at"), "PostgreSQL's jobs, not MySQL's")
	require.Nil(t, s.Table("public.mysql_only"))
	require.Nil(t, s.Table("public.mysql_go"), "nor the DDL of a Go package for MySQL")
	require.Nil(t, s.Table("public.sqlite_only"))
	require.NotNil(t, s.Table("public.kept"), "a directory is named for a database only by its whole name")
	require.Equal(t, []SourceUse{
		{Path: "db/mysqlish/1.sql", Kind: "SQL files", Files: 1, Used: true},
		{Path: "develop/docker/mysql-init/init.sql", Kind: "SQL files", Files: 1, Why: "under a directory named for MySQL, not PostgreSQL"},
		{Path: "plugin/mysql/ddl.go", Kind: "Go DDL", Files: 1, Why: "under a directory named for MySQL, not PostgreSQL"},
		{Path: "schema/SQLite/migrations/1_x.up.sql", Kind: "SQL files", Files: 1, Why: "under a directory named for SQLite, not PostgreSQL"},
		{Path: "schema/mysql/v8/schema.sql", Kind: "SQL files", Files: 1, Why: "under a directory named for MySQL, not PostgreSQL"},
		{Path: "schema/postgresql/v12/schema.sql", Kind: "SQL files", Files: 1, Used: true},
	}, relUses(root, uses))
}

func TestMigrationTools(t *testing.T) {
	for tool, file := range map[string]string{
		"goose":          "-- +goose Up\nCREATE TABLE t (id int);\n",
		"sql-migrate":    "-- +migrate Up\nCREATE TABLE t (id int);\n",
		"dbmate":         "-- migrate:up\nCREATE TABLE t (id int);\n",
		"tern":           "CREATE TABLE t (id int);\n---- create above / drop below ----\nDROP TABLE t;\n",
		"golang-migrate": "",
		"atlas":          "",
	} {
		files := map[string]string{"m/1.sql": file, "snapshot.sql": "CREATE TABLE t (id int);\nCREATE TABLE snap (id int);\n", "sqlc.yaml": "version: '2'\nsql: [{schema: snapshot.sql, queries: q.sql}]\n"}
		switch tool {
		case "golang-migrate":
			files = map[string]string{"m/1_t.up.sql": "CREATE TABLE t (id int);\n", "snapshot.sql": files["snapshot.sql"], "sqlc.yaml": files["sqlc.yaml"]}
		case "atlas":
			files["m/1.sql"] = "CREATE TABLE t (id int);\n"
			files["m/atlas.sum"] = "h1:abc=\n1.sql h1:def=\n"
		}
		srcs, _, _ := ReadModule(writeTree(t, files)).Sources()
		s := Replay(srcs)
		require.NotNil(t, s.Table("public.t"), tool)
		require.Nil(t, s.Table("public.snap"), "%s migrations set the snapshot aside", tool)
	}
}

// A sqlc configuration jobqlint cannot read is a problem at the place it
// goes wrong; the .sql files are then replayed as if it were not there.
func TestBadSqlcConfig(t *testing.T) {
	for _, tc := range []struct {
		name, config string
		line, col    int
		msg          string
	}{
		{"sqlc.yaml", "version: \"2\"\nsql:\n  - schema: [a.sql\n    queries: q.sql\n", 2, 1, "did not find expected ',' or ']'"},
		{"sqlc.yaml", "version: \"2\"\nsql:\n  - schema:\n      path: a.sql\n", 4, 7, "schema: want a path or a list of paths, not a mapping"},
		{"sqlc.yaml", "version: \"2\"\nsql:\n  - schema: [[a.sql]]\n", 3, 14, "schema: want a path, not a list"},
		{"sqlc.yaml", "version: \"3\"\nsql: []\n", 1, 10, `version "3": jobqlint reads sqlc configurations of version "1" and "2"`},
		{"sqlc.yaml", "sql: []\n", 1, 1, `no version: sqlc configurations say version "1" or "2"`},
		{"sqlc.yaml", "- a\n", 1, 1, "a sqlc configuration is a mapping, not a list"},
		{"sqlc.yaml", "version: \"2\"\nsql: a.sql\n", 2, 6, "sql: want a list, not \"a.sql\""},
		{"sqlc.json", "{\"version\": \"1\",\n \"packages\": [{\"schema\": \"a.sql\"}}\n", 1, 1, "did not find expected ',' or ']'"},
	} {
		root := writeTree(t, map[string]string{tc.name: tc.config, "a.sql": "CREATE TABLE a (id int);\n"})
		srcs, uses, probs := ReadModule(root).Sources()
		require.Len(t, probs, 1, tc.config)
		p := probs[0]
		require.True(t, p.Config, tc.config)
		require.Equal(t, filepath.Join(root, tc.name), p.Loc.File)
		require.Equal(t, tc.line, p.Loc.Line, tc.config)
		require.Equal(t, tc.col, p.Loc.Col, tc.config)
		require.Equal(t, tc.msg, p.Msg)
		require.NotNil(t, Replay(srcs).Table("public.a"), "the .sql files are replayed as found")
		require.Equal(t, []SourceUse{{Path: filepath.Join(root, "a.sql"), Kind: "SQL files", Files: 1, Used: true}}, uses)
	}
}

// An empty sqlc configuration (or one of comments only) is a leftover that
// sqlc would refuse to run on: no problem, and the one in use still
// decides (eval28 webhook-engine: an empty internal/db/sqlc.yaml beside
// ./sqlc.yaml was reported as a syntax error).
func TestEmptySqlcConfigIsNone(t *testing.T) {
	for _, empty := range []string{"", "\n  \n", "# moved to ../../sqlc.yaml\n"} {
		root := writeTree(t, map[string]string{
			"sqlc.yaml":             "version: \"2\"\nsql:\n  - schema: db/schema.sql\n    queries: db/query.sql\n    engine: postgresql\n",
			"internal/db/sqlc.yaml": empty,
			"db/schema.sql":         "CREATE TABLE a (id int);\n",
			"db/query.sql":          "-- name: A :many\nSELECT id FROM a;\n",
		})
		srcs, uses, probs := ReadModule(root).Sources()
		require.Empty(t, probs, "%q", empty)
		require.NotNil(t, Replay(srcs).Table("public.a"))
		for _, u := range uses {
			require.NotEqual(t, "SQL files", u.Kind, "%s: the configuration in use names the schema and the queries", u.Path)
		}
	}
}

// A directory named for another database after a dash or underscore
// (migrations_mysql beside migrations_postgres, as an application that
// supports three databases keeps them) is that database's, SQL and Go
// alike; a word that only starts with a database's name is not one.
func TestDirectoriesNamedForAnotherDatabaseAfterTheirName(t *testing.T) {
	root := writeTree(t, map[string]string{
		"resources/migrations_postgres/1_jobs.up.sql": "CREATE TABLE jobs (id bigserial PRIMARY KEY, run_at timestamptz NOT NULL);\n",
		"resources/migrations_mysql/1_jobs.up.sql":    "CREATE TABLE jobs (id bigint NOT NULL AUTO_INCREMENT PRIMARY KEY, run_at datetime NOT NULL) ENGINE=InnoDB;\n",
		"resources/migrations_sqlite3/1_jobs.up.sql":  "CREATE TABLE jobs (id integer PRIMARY KEY, run_at text NOT NULL);\n",
		"pkg/db/migrations_sqlite3/bindata.go":        "package migrations_sqlite3\n\nconst m1 = `CREATE TABLE runs (id integer PRIMARY KEY, at text)`\n",
		"pkg/db/migrations_postgres/bindata.go":       "package migrations_postgres\n\nconst m1 = `CREATE TABLE runs (id bigserial PRIMARY KEY, at timestamptz)`\n",
		"db/oraclesync/1.sql":                         "CREATE TABLE sync_state (id int);\n",
	})
	srcs, uses, probs := ReadModule(root).Sources()
	require.Empty(t, probs)
	s := Replay(srcs)
	require.Empty(t, s.Problems)
	require.Equal(t, "timestamptz", s.Table("public.jobs").Column("run_at").Type.Name)
	require.Equal(t, "timestamptz", s.Table("public.runs").Column("at").Type.Name)
	require.NotNil(t, s.Table("public.sync_state"), "oraclesync is not named for Oracle")
	require.Equal(t, []SourceUse{
		{Path: "db/oraclesync/1.sql", Kind: "SQL files", Files: 1, Used: true},
		{Path: "pkg/db/migrations_postgres/bindata.go", Kind: "Go DDL", Files: 1, Used: true},
		{Path: "pkg/db/migrations_sqlite3/bindata.go", Kind: "Go DDL", Files: 1, Why: "under a directory named for SQLite, not PostgreSQL"},
		{Path: "resources/migrations_mysql/1_jobs.up.sql", Kind: "SQL files", Files: 1, Why: "under a directory named for MySQL, not PostgreSQL"},
		{Path: "resources/migrations_postgres/1_jobs.up.sql", Kind: "golang-migrate migrations", Files: 1, Used: true},
		{Path: "resources/migrations_sqlite3/1_jobs.up.sql", Kind: "SQL files", Files: 1, Why: "under a directory named for SQLite, not PostgreSQL"},
	}, relUses(root, uses))
}

// The DDL of a Go file that opens another database (it imports that
// database's driver and no PostgreSQL driver) is that database's: a local
// SQLite cache beside the PostgreSQL queue. A file that imports both, or
// neither, keeps its DDL.
func TestGoDDLOfAFileThatOpensAnotherDatabase(t *testing.T) {
	root := writeTree(t, map[string]string{
		"cache/cache.go": "package cache\n\nimport (\n\t\"database/sql\"\n\n\t_ \"modernc.org/sqlite\"\n)\n\n" +
			"const schema = `CREATE TABLE IF NOT EXISTS jobs (id INTEGER PRIMARY KEY, run_at TEXT NOT NULL)`\n\n" +
			"func Open(path string) (*sql.DB, error) {\n\tdb, err := sql.Open(\"sqlite\", path)\n\tif err != nil {\n\t\treturn nil, err\n\t}\n\t_, err = db.Exec(schema)\n\treturn db, err\n}\n",
		"queue/schema.go": "package queue\n\nimport _ \"github.com/jackc/pgx/v5/stdlib\"\n\n" +
			"const schema = `CREATE TABLE IF NOT EXISTS jobs (id bigserial PRIMARY KEY, run_at timestamptz NOT NULL)`\n",
		"dual/dual.go": "package dual\n\nimport (\n\t_ \"github.com/lib/pq\"\n\t_ \"github.com/mattn/go-sqlite3\"\n)\n\n" +
			"const ddl = `CREATE TABLE runs (id bigint, at timestamptz)`\n",
		"plain/plain.go": "package plain\n\nconst ddl = `CREATE TABLE locks (id bigint, at timestamptz)`\n",
	})
	srcs, uses, probs := ReadModule(root).Sources()
	require.Empty(t, probs)
	s := Replay(srcs)
	require.Empty(t, s.Problems)
	require.Equal(t, "timestamptz", s.Table("public.jobs").Column("run_at").Type.Name, "the SQLite table does not replace the queue's")
	require.NotNil(t, s.Table("public.runs"))
	require.NotNil(t, s.Table("public.locks"))
	require.Equal(t, []SourceUse{
		{Path: "cache/cache.go", Kind: "Go DDL", Files: 1, Why: "the file imports modernc.org/sqlite and no PostgreSQL driver: its DDL is for that database"},
		{Path: "dual/dual.go", Kind: "Go DDL", Files: 1, Used: true},
		{Path: "plain/plain.go", Kind: "Go DDL", Files: 1, Used: true},
		{Path: "queue/schema.go", Kind: "Go DDL", Files: 1, Used: true},
	}, relUses(root, uses))
}

// A directory whose name glues another database's name to a stem that a
// sibling glues to PostgreSQL's (a-h/kv keeps sqlitekv/ and rqlitekv/
// beside postgreskv/) is that database's: its SQLite DDL is neither
// replayed nor reported as PostgreSQL that does not parse. Without a
// PostgreSQL twin, a glued name is no database's.
func TestDirectoriesGluedToADatabaseBesideAPostgresTwin(t *testing.T) {
	root := writeTree(t, map[string]string{
		"postgreskv/migrations/001_kv.sql": "CREATE TABLE kv (key text PRIMARY KEY, created timestamptz NOT NULL);\n",
		"sqlitekv/migrations/001_kv.sql":   "create table if not exists kv (key text primary key, created text not null) without rowid;\n",
		"rqlitekv/migrations/001_kv.sql":   "create table if not exists kv (key text primary key, created text not null) without rowid;\n",
		"rqlitekv/ddl.go":                  "package rqlitekv\n\nconst ddl = `CREATE TABLE rq_go (id int)`\n",
		"store_mysql/1.sql":                "CREATE TABLE mysql_only (id int);\n",
		"store-pg/1.sql":                   "CREATE TABLE pg_store (id int);\n",
		"sqliteish/1.sql":                  "CREATE TABLE kept (id int);\n",
		"pgsqlite/1.sql":                   "CREATE TABLE bridge (id int);\n",
		"sqlite/pgsqlite/1.sql":            "CREATE TABLE under_sqlite (id int);\n",
	})
	srcs, uses, probs := ReadModule(root).Sources()
	require.Empty(t, probs)
	s := Replay(srcs)
	require.Empty(t, s.Problems, "no SQLite syntax reaches the replay")
	require.Equal(t, "timestamptz", s.Table("public.kv").Column("created").Type.Name)
	require.Nil(t, s.Table("public.rq_go"), "nor a twin's Go DDL")
	require.Nil(t, s.Table("public.mysql_only"))
	require.NotNil(t, s.Table("public.pg_store"), "a directory named for PostgreSQL is read")
	require.NotNil(t, s.Table("public.kept"), "sqliteish has no PostgreSQL twin")
	require.NotNil(t, s.Table("public.bridge"), "pgsqlite has no twin glued to PostgreSQL's name")
	require.Nil(t, s.Table("public.under_sqlite"))
	require.Equal(t, []SourceUse{
		{Path: "pgsqlite/1.sql", Kind: "SQL files", Files: 1, Used: true},
		{Path: "postgreskv/migrations/001_kv.sql", Kind: "SQL files", Files: 1, Used: true},
		{Path: "rqlitekv/ddl.go", Kind: "Go DDL", Files: 1, Why: "under a directory named for rqlite, not PostgreSQL"},
		{Path: "rqlitekv/migrations/001_kv.sql", Kind: "SQL files", Files: 1, Why: "under a directory named for rqlite, not PostgreSQL"},
		{Path: "sqlite/pgsqlite/1.sql", Kind: "SQL files", Files: 1, Why: "under a directory named for SQLite, not PostgreSQL"},
		{Path: "sqliteish/1.sql", Kind: "SQL files", Files: 1, Used: true},
		{Path: "sqlitekv/migrations/001_kv.sql", Kind: "SQL files", Files: 1, Why: "under a directory named for SQLite, not PostgreSQL"},
		{Path: "store-pg/1.sql", Kind: "SQL files", Files: 1, Used: true},
		{Path: "store_mysql/1.sql", Kind: "SQL files", Files: 1, Why: "under a directory named for MySQL, not PostgreSQL"},
	}, relUses(root, uses))
}
