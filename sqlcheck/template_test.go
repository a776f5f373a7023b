package sqlcheck

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestTemplatedMigrationParsesWithPlaceholderNames(t *testing.T) {
	// dbos-transact-golang's shape: the schema is a fmt verb; and the
	// text/template shape with a table prefix.
	sql := `CREATE TABLE %s.jobs (
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'queued',
  run_at timestamp NOT NULL DEFAULT now(),
  note text DEFAULT '100%%'
);
CREATE INDEX jobs_run_at ON %s.jobs (run_at) WHERE status = 'queued';
CREATE TABLE {{ .Prefix }}Tasks (id int, created timestamp);
CREATE TABLE "{{.Schema}}".done (id int);
`
	s := replay(t, sql)
	require.Empty(t, s.Problems)
	jobs := s.Table("%s.jobs")
	require.NotNil(t, jobs, "tables: %v", s.Tables)
	require.Len(t, jobs.Indexes, 2)
	require.Equal(t, "jobs_run_at", jobs.Indexes[1].Name)
	require.NotNil(t, s.Table("public.{{ .Prefix }}tasks"), "the name is folded outside the template text, as PostgreSQL folds it")
	require.NotNil(t, s.Table("{{.Schema}}.done"))
	require.Nil(t, s.Table("public.jobs"), "a placeholder never stands for another name")

	// Positions are the file's: the type after a placeholder, and the fix
	// that edits it.
	runAt := jobs.Column("run_at").Type
	require.Equal(t, 4, runAt.Loc.Line)
	require.Equal(t, 10, runAt.Loc.Col)
	require.Equal(t, "timestamp", sql[runAt.Loc.Offset:runAt.Loc.Offset+len(runAt.Text)])
	require.True(t, runAt.Exact)
	created := s.Table("public.{{ .Prefix }}tasks").Column("created").Type
	require.Equal(t, "timestamp", sql[created.Loc.Offset:created.Loc.Offset+len("timestamp")])
	require.Equal(t, 7, jobs.Indexes[1].Loc.Line)
}

// efureev/go-outbox's shape: a runner swaps @schema@ and @table@ with a
// strings.Replacer; and ${schema}, as os.Expand or Flyway fill it in.
func TestReplacerMarkersAreTemplateText(t *testing.T) {
	sql := `-- @schema@ and @table@ are filled in by the runner.
CREATE TABLE IF NOT EXISTS @schema@.@table@ (
    id uuid PRIMARY KEY,
    status smallint NOT NULL DEFAULT 0,
    created_at timestamp NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS @table@_pending ON @schema@.@table@ (created_at) WHERE status = 0;
CREATE TABLE ${schema}.runs (id int);
SELECT '@x@', a @@ b, c @> d, @ -5 FROM t;
CREATE TABLE broken (id int,);
`
	s := replay(t, sql)
	tbl := s.Table("@schema@.@table@")
	require.NotNil(t, tbl, "tables: %v", s.Tables)
	require.Len(t, tbl.Indexes, 2)
	require.NotNil(t, s.Table("${schema}.runs"))
	created := tbl.Column("created_at").Type
	require.Equal(t, "timestamp", sql[created.Loc.Offset:created.Loc.Offset+len(created.Text)], "positions are the file's")
	require.Len(t, s.Problems, 1, "only the statement without template text is reported: %v", s.Problems)
	require.Equal(t, 10, s.Problems[0].Loc.Line)

	_, edits := detemplate(`SELECT a @@ b, c @> d, @ -5, x FROM t WHERE id = @id AND n = @n`, false)
	require.Empty(t, edits, "operators and pgx's named arguments are not markers")
}

func TestTemplateIsNotASyntaxError(t *testing.T) {
	s := replay(t, `
{{if .Partitioned}}CREATE TABLE jobs (id int) PARTITION BY LIST (status){{else}}CREATE TABLE jobs (id int){{end}};
CREATE INDEX ON %s.jobs LIMIT %d;
CREATE TABLE plain (id int,);
`)
	require.Len(t, s.Problems, 1, "only the statement without template text is reported: %v", s.Problems)
	require.Equal(t, 4, s.Problems[0].Loc.Line)
}

func TestTemplateTextInStringsAndCommentsIsLeftAlone(t *testing.T) {
	out, edits := detemplate(`-- CREATE TABLE %s
SELECT format('%s', x) FROM "%s".jobs WHERE a = '{{.X}}' /* %s */;`, true)
	require.Empty(t, edits)
	require.Contains(t, out, `'%s'`)
}

func TestFileOffsetUndoesEdits(t *testing.T) {
	in := `ALTER TABLE %s.jobs ADD x timestamp`
	out, edits := detemplate(in, false)
	require.Equal(t, `ALTER TABLE "%s".jobs ADD x timestamp`, out)
	i := len(out) - len("timestamp")
	require.Equal(t, len(in)-len("timestamp"), fileOffset(edits, i))
	require.Equal(t, 12, fileOffset(edits, 13), "inside the placeholder: its start")
	require.Equal(t, 5, fileOffset(edits, 5))
}

// graphile-worker's shape (and its ports'): the schema is a psql variable,
// which psql fills in, or the Go program that runs the file replaces as
// psql would.
func TestPsqlVariablesAreTemplateText(t *testing.T) {
	sql := `create table :GRAPHILE_WORKER_SCHEMA.jobs (
  id bigserial primary key,
  payload json default '{}'::json not null,
  run_at timestamp default now() not null,
  tags text[] not null default '{}'
);
create index on :GRAPHILE_WORKER_SCHEMA.jobs (run_at);
comment on table :"GRAPHILE_WORKER_SCHEMA".jobs is :'comment';
select tags[1:2], ':not_a_var' from :GRAPHILE_WORKER_SCHEMA.jobs;
create table broken (id int,);
`
	s := replay(t, sql)
	jobs := s.Table(":graphile_worker_schema.jobs")
	require.NotNil(t, jobs, "tables: %v", s.Tables)
	require.Len(t, jobs.Indexes, 2)
	require.Nil(t, s.Table("public.jobs"), "a variable never stands for another name")
	runAt := jobs.Column("run_at").Type
	require.Equal(t, "timestamp", sql[runAt.Loc.Offset:runAt.Loc.Offset+len(runAt.Text)], "positions are the file's")
	require.Len(t, s.Problems, 1, "only the statement without template text is reported: %v", s.Problems)
	require.Equal(t, 10, s.Problems[0].Loc.Line)

	out, edits := detemplate(`SELECT x::json, arr[lo:hi], ':v' FROM t`, true)
	require.Empty(t, edits, "casts, slices and strings hold no variable: %s", out)
	_, edits = detemplate(`SELECT * FROM :schema.jobs`, false)
	require.Empty(t, edits, "in Go, :name is a named parameter (sqlx), not a variable")
}
