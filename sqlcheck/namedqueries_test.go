package sqlcheck

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/qustavo/dotsql"
	"github.com/stretchr/testify/require"
)

const queriesFile = `-- Queries of the job queue.

-- name: next-job
-- The oldest queued job.
SELECT id FROM jobs
	WHERE status = 'queued' -- not running
  ORDER BY run_at LIMIT 1;

-- name: take-job
-- raw: 1
UPDATE jobs SET status = 'running' WHERE id = $1;

-- name: scratch
CREATE TABLE scratch (id int);
`

func TestGoyesqlRules(t *testing.T) {
	qs, err := ParseNamedQueries("q.sql", []byte(queriesFile), Goyesql)
	require.NoError(t, err)
	require.Equal(t, []NamedQuery{
		// Comment lines and the raw: tag are dropped, lines joined with a
		// space: the trailing comment now hides the ORDER BY, as it does
		// for goyesql.
		{Name: "next-job", SQL: "SELECT id FROM jobs \tWHERE status = 'queued' -- not running ORDER BY run_at LIMIT 1;", File: "q.sql", Line: 3},
		{Name: "take-job", SQL: "UPDATE jobs SET status = 'running' WHERE id = $1;", File: "q.sql", Line: 9},
		{Name: "scratch", SQL: "CREATE TABLE scratch (id int);", File: "q.sql", Line: 13},
	}, qs)

	for name, bad := range map[string]string{
		"named twice":        "-- name: a\nSELECT 1;\n-- name: a\nSELECT 2;\n",
		"SQL before a name":  "SELECT 1;\n-- name: a\nSELECT 2;\n",
		"tag before a name":  "-- raw: 1\n-- name: a\nSELECT 2;\n",
		"tag twice":          "-- name: a\n-- raw: 1\n-- raw: 2\nSELECT 2;\n",
		"a name with no SQL": "-- name: a\n-- name: b\nSELECT 2;\n",
	} {
		_, err := ParseNamedQueries("q.sql", []byte(bad), Goyesql)
		require.Error(t, err, name)
	}
}

// TestDotsqlRules checks the queries read by dotsql's rules against what
// dotsql v1.2.0 itself loads from the same text.
func TestDotsqlRules(t *testing.T) {
	for _, text := range []string{
		queriesFile,
		"SELECT 'ignored before the first name';\n--name:a\nSELECT 1\n  -- kept\n\n--  name:  b  trailing words\n\tSELECT 2;\n-- name: a\nSELECT 3;\n",
	} {
		qs, err := ParseNamedQueries("q.sql", []byte(text), Dotsql)
		require.NoError(t, err)
		dot, err := dotsql.LoadFromString(text)
		require.NoError(t, err)
		require.Len(t, dot.QueryMap(), len(qs))
		for _, q := range qs {
			raw, err := dot.Raw(q.Name)
			require.NoError(t, err)
			require.Equal(t, raw, q.SQL, q.Name)
		}
	}
}

func TestNamedQueryFilesAreNotSchema(t *testing.T) {
	root := t.TempDir()
	write := func(rel, text string) {
		path := filepath.Join(root, rel)
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	}
	write("migrations/001_jobs.sql", "-- name of the table: jobs\nCREATE TABLE jobs (id bigint PRIMARY KEY, status text NOT NULL, run_at timestamptz NOT NULL);\n")
	write("queries/jobs.sql", queriesFile)
	write("migrations/queries.sql", queriesFile) // beside golang-migrate's files
	write("migrations/002_more.up.sql", "CREATE TABLE more (id int);\n")

	srcs, uses, probs := ReadModule(root).Sources()
	require.Empty(t, probs)
	s := Replay(srcs)
	require.Empty(t, s.Problems, "the goyesql-joined query would not parse as a migration either")
	require.NotNil(t, s.Table("public.jobs"))
	require.Nil(t, s.Table("public.scratch"), "a named query is not replayed as schema")
	why := "queries that Go code runs by the names of their -- name: lines (goyesql, dotsql), not schema"
	require.Contains(t, uses, SourceUse{Path: filepath.Join(root, "queries/jobs.sql"), Kind: "named queries", Files: 1, Why: why})
	require.Contains(t, uses, SourceUse{Path: filepath.Join(root, "migrations/queries.sql"), Kind: "named queries", Files: 1, Why: why})
	require.NotNil(t, s.Table("public.more"))

	named, bad := ReadModule(root).NamedQueries(Goyesql)
	require.Empty(t, bad)
	require.Len(t, named["take-job"], 2)
	require.Equal(t, "UPDATE jobs SET status = 'running' WHERE id = $1;", named["take-job"][0].SQL)
	require.Empty(t, named["jobs"], "a migration's comment that starts with name is no named query")
}
