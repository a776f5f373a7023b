package sqlcheck

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// kratos keeps each migration once per database, named for it:
// 1_jobs.mysql.up.sql beside 1_jobs.postgres.up.sql.
func TestSchemasOfOtherDatabasesBySuffix(t *testing.T) {
	root := writeTree(t, map[string]string{
		"migrations/1_jobs.postgres.up.sql":   "CREATE TABLE jobs (id bigint PRIMARY KEY, run_at timestamptz);\n",
		"migrations/1_jobs.postgres.down.sql": "DROP TABLE jobs;\n",
		"migrations/1_jobs.mysql.up.sql":      "CREATE TABLE mysql_only (id BIGINT NOT NULL AUTO_INCREMENT, PRIMARY KEY (id)) ENGINE=InnoDB;\n",
		"migrations/1_jobs.mysql.down.sql":    "DROP TABLE jobs;\n",
		"migrations/1_jobs.sqlite3.up.sql":    "CREATE TABLE sqlite3_only (id INTEGER PRIMARY KEY AUTOINCREMENT);\n",
		"migrations/1_jobs.cockroach.up.sql":  "CREATE TABLE cockroach_only (id INT8 PRIMARY KEY);\n",
		"migrations/1_jobs.sqlserver.up.sql":  "CREATE TABLE sqlserver_only (id INT IDENTITY(1,1) PRIMARY KEY);\n",
		"migrations/1_jobs.tidb.up.sql":       "CREATE TABLE tidb_only (id BIGINT AUTO_RANDOM PRIMARY KEY);\n",
		// ory/popx's flag for a file run outside a transaction comes
		// between the database and .up (kratos's
		// 20250708190000000001_identities_external_id_index.cockroach.autocommit.up.sql).
		"migrations/2_idx.cockroach.autocommit.up.sql": "CREATE INDEX cockroach_only_idx ON jobs USING btree (id) STORING (run_at);\n",
		"migrations/2_idx.postgres.autocommit.up.sql":  "CREATE INDEX CONCURRENTLY autocommit_kept ON jobs (run_at);\n",
		"migrations/3_idx.autocommit.up.sql":           "CREATE INDEX CONCURRENTLY flag_alone_kept ON jobs (id, run_at);\n",
		"schema/other.sqlite.sql":                      "CREATE TABLE sqlite_only (id int);\n",
		"schema/jobs.v2.sql":                           "CREATE TABLE kept (id int);\n",
	})
	srcs, uses, probs := ReadModule(root).Sources()
	require.Empty(t, probs)
	s := Replay(srcs)
	require.Empty(t, s.Problems, "no other database's syntax reaches the replay")
	require.NotNil(t, s.Table("public.jobs"))
	for _, other := range []string{"mysql_only", "sqlite3_only", "cockroach_only", "sqlserver_only", "tidb_only", "sqlite_only"} {
		require.Nil(t, s.Table("public."+other), other)
	}
	require.NotNil(t, s.Table("public.kept"), "a suffix names a database only by its whole name")
	var indexes []string
	for _, idx := range s.Table("public.jobs").Indexes {
		indexes = append(indexes, idx.Name)
	}
	require.ElementsMatch(t, []string{"jobs_pkey", "autocommit_kept", "flag_alone_kept"}, indexes, "popx's flag alone, or after postgres, is PostgreSQL's")
	var why []string
	for _, u := range relUses(root, uses) {
		if !u.Used {
			why = append(why, u.Path+": "+u.Why)
		}
	}
	require.Equal(t, []string{
		// both CockroachDB files of the directory, listed as one
		"migrations: named for CockroachDB (.cockroach), not PostgreSQL",
		"migrations/1_jobs.mysql.up.sql: named for MySQL (.mysql), not PostgreSQL",
		"migrations/1_jobs.sqlite3.up.sql: named for SQLite (.sqlite3), not PostgreSQL",
		"migrations/1_jobs.sqlserver.up.sql: named for SQL Server (.sqlserver), not PostgreSQL",
		"migrations/1_jobs.tidb.up.sql: named for TiDB (.tidb), not PostgreSQL",
		"schema/other.sqlite.sql: named for SQLite (.sqlite), not PostgreSQL",
	}, why)
}

// goqite keeps one install script per database, the database last in the
// name (schema_postgres.sql beside schema_sqlite.sql, and an example's
// schema_sqlite.sql in a directory of its own): in a module that names its
// files per database, a file named for another one is not PostgreSQL. In
// a module that does not, the same word is only part of a migration's name.
func TestSchemasOfOtherDatabasesByNameWord(t *testing.T) {
	root := writeTree(t, map[string]string{
		"schema_postgres.sql":                "CREATE TABLE jobs (id bigint PRIMARY KEY, run_at timestamptz);\n",
		"schema_sqlite.sql":                  "CREATE TABLE sqlite_only (id integer);\n",
		"examples/jobs/schema_sqlite.sql":    "CREATE TABLE example_sqlite (id integer);\n",
		"mysql-schema.sql":                   "CREATE TABLE first_word (id int);\n",
		"migrations/002_add_sqlite_note.sql": "CREATE TABLE kept (id int);\n",
	})
	srcs, _, probs := ReadModule(root).Sources()
	require.Empty(t, probs)
	s := Replay(srcs)
	require.NotNil(t, s.Table("public.jobs"))
	require.NotNil(t, s.Table("public.kept"), "a database's name inside a name is no flavor")
	require.NotNil(t, s.Table("public.first_word"), "the module names PostgreSQL's file by its last word, not its first")
	for _, other := range []string{"sqlite_only", "example_sqlite"} {
		require.Nil(t, s.Table("public."+other), other)
	}

	alone := writeTree(t, map[string]string{
		"migrations/001_jobs.sql":         "CREATE TABLE jobs (id bigint PRIMARY KEY);\n",
		"migrations/002_import_mysql.sql": "CREATE TABLE imported (id int);\n",
	})
	srcs, _, probs = ReadModule(alone).Sources()
	require.Empty(t, probs)
	require.NotNil(t, Replay(srcs).Table("public.imported"), "no file is named for PostgreSQL: the word is part of a migration's name")
}

// modulacms keeps each table's schema three times in one directory:
// schema.sql for SQLite (named for no database), schema_psql.sql and
// schema_mysql.sql, each with CREATE TABLE IF NOT EXISTS. SQLite's parses
// as PostgreSQL and comes first: without the twin rule its TEXT column
// would stand for PostgreSQL's TIMESTAMP one.
func TestUndeclaredTwinOfAPostgreSQLFile(t *testing.T) {
	root := writeTree(t, map[string]string{
		"sql/schema/35_deliveries/schema.sql":       "CREATE TABLE IF NOT EXISTS deliveries (id text PRIMARY KEY, next_retry_at TEXT);\n",
		"sql/schema/35_deliveries/schema_psql.sql":  "CREATE TABLE IF NOT EXISTS deliveries (id text PRIMARY KEY, next_retry_at TIMESTAMP);\n",
		"sql/schema/35_deliveries/schema_mysql.sql": "CREATE TABLE IF NOT EXISTS deliveries (id varchar(26) PRIMARY KEY, next_retry_at TIMESTAMP NULL) ENGINE=InnoDB;\n",
		"sql/all_schema.sql":                        "CREATE TABLE IF NOT EXISTS combined (id integer PRIMARY KEY AUTOINCREMENT);\n",
		"sql/all_schema_psql.sql":                   "CREATE TABLE IF NOT EXISTS combined (id serial PRIMARY KEY);\n",
		"sql/all_schema_mysql.sql":                  "CREATE TABLE IF NOT EXISTS combined (id int AUTO_INCREMENT PRIMARY KEY);\n",
		// A file named for no database, without a PostgreSQL twin in its
		// directory, is PostgreSQL's as before.
		"sql/schema/36_hooks/schema.sql":     "CREATE TABLE IF NOT EXISTS hooks (id text PRIMARY KEY);\n",
		"sql/schema/37_other/schema.sql":     "CREATE TABLE IF NOT EXISTS other (id text PRIMARY KEY);\n",
		"sql/schema/37_other/notes_psql.sql": "CREATE TABLE IF NOT EXISTS notes (id text PRIMARY KEY);\n",
	})
	srcs, uses, probs := ReadModule(root).Sources()
	require.Empty(t, probs)
	s := Replay(srcs)
	require.Empty(t, s.Problems)
	d := s.Table("public.deliveries")
	require.NotNil(t, d)
	require.Equal(t, "timestamp", d.Column("next_retry_at").Type.Name, "PostgreSQL's file, not SQLite's")
	require.NotNil(t, s.Table("public.combined"))
	require.Equal(t, "serial", s.Table("public.combined").Column("id").Type.Name)
	for _, kept := range []string{"hooks", "other", "notes"} {
		require.NotNil(t, s.Table("public."+kept), kept)
	}
	var why []string
	for _, u := range relUses(root, uses) {
		if !u.Used {
			why = append(why, u.Path+": "+u.Why)
		}
	}
	require.Contains(t, why, "sql/schema/35_deliveries/schema.sql: the file for another database beside schema_psql.sql, which is named for PostgreSQL")
	require.Contains(t, why, "sql/all_schema.sql: the file for another database beside all_schema_psql.sql, which is named for PostgreSQL")
}
