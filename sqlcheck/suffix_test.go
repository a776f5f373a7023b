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
		"schema/other.sqlite.sql":             "CREATE TABLE sqlite_only (id int);\n",
		"schema/jobs.v2.sql":                  "CREATE TABLE kept (id int);\n",
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
	var why []string
	for _, u := range relUses(root, uses) {
		if !u.Used {
			why = append(why, u.Path+": "+u.Why)
		}
	}
	require.Equal(t, []string{
		"migrations/1_jobs.cockroach.up.sql: named for CockroachDB (.cockroach), not PostgreSQL",
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
