package sqlcheck

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

func replay(t *testing.T, files ...string) *Schema {
	t.Helper()
	var srcs []*Source
	for i, f := range files {
		srcs = append(srcs, SQLFile(filepath.Join("m", string(rune('a'+i))+".sql"), []byte(f)))
	}
	return Replay(srcs)
}

func TestReplayCreateAlterDrop(t *testing.T) {
	s := replay(t, `
CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  status text NOT NULL DEFAULT 'queued',
  run_at timestamp NOT NULL DEFAULT now(),
  payload jsonb
);
CREATE INDEX jobs_kind_idx ON jobs (kind);
`, `
ALTER TABLE jobs ADD COLUMN locked_until timestamptz, DROP COLUMN payload;
ALTER TABLE jobs ALTER COLUMN run_at TYPE timestamptz;
ALTER TABLE jobs RENAME COLUMN kind TO job_kind;
DROP INDEX IF EXISTS jobs_kind_idx;
CREATE INDEX CONCURRENTLY IF NOT EXISTS jobs_poll ON public.jobs (run_at) WHERE status IN ('queued', 'retry');
`)
	require.Empty(t, s.Problems)
	jobs := s.Table("public.jobs")
	require.NotNil(t, jobs)
	var names []string
	for _, c := range jobs.Columns {
		names = append(names, c.Name+":"+c.Type.Name)
	}
	require.Equal(t, []string{"id:bigserial", "job_kind:text", "status:text", "run_at:timestamptz", "locked_until:timestamptz"}, names)
	require.Equal(t, "queued", jobs.Column("status").Default.Str)
	require.Equal(t, "m/b.sql", jobs.Column("run_at").Type.Loc.File, "the type's position moves to the ALTER that set it")
	require.Equal(t, 3, jobs.Column("run_at").Type.Loc.Line)

	require.Len(t, jobs.Indexes, 2)
	require.True(t, jobs.Indexes[0].Primary)
	poll := jobs.Indexes[1]
	require.Equal(t, "jobs_poll", poll.Name)
	require.Equal(t, "run_at", poll.Keys[0].Column)
	require.Len(t, poll.Where, 1)
	require.Equal(t, OpIn, poll.Where[0].Op)
	require.Equal(t, 6, poll.Loc.Line)
}

func TestReplaySchemaQualifiedAndRenamedTable(t *testing.T) {
	s := replay(t, `
CREATE SCHEMA queue;
CREATE TABLE queue.tasks (id int PRIMARY KEY, state text);
CREATE UNIQUE INDEX ON queue.tasks (state, id);
ALTER TABLE queue.tasks RENAME TO work_items;
CREATE TABLE tmp (x int);
DROP TABLE tmp;
`)
	require.Nil(t, s.Table("public.tasks"))
	require.Nil(t, s.Table("public.tmp"))
	w := s.Table("queue.work_items")
	require.NotNil(t, w)
	require.Len(t, w.Indexes, 2)
	require.Equal(t, "tasks_state_id_idx", w.Indexes[1].Name, "an unnamed index gets PostgreSQL's name")
	require.True(t, w.Indexes[1].Unique)
}

func TestReplayDropColumnDropsItsIndexes(t *testing.T) {
	s := replay(t, `
CREATE TABLE jobs (id int, kind text, status text);
CREATE INDEX a ON jobs (kind);
CREATE INDEX b ON jobs (id) WHERE status = 'queued';
ALTER TABLE jobs DROP COLUMN status;
`)
	jobs := s.Table("public.jobs")
	require.Len(t, jobs.Indexes, 1)
	require.Equal(t, "a", jobs.Indexes[0].Name)
}

func TestReplayIfNotExistsKeepsFirst(t *testing.T) {
	s := replay(t, `
CREATE TABLE IF NOT EXISTS jobs (id int, run_at timestamptz);
CREATE TABLE IF NOT EXISTS jobs (id int, run_at timestamp);
ALTER TABLE jobs ADD COLUMN IF NOT EXISTS run_at timestamp;
`)
	require.Equal(t, "timestamptz", s.Table("public.jobs").Column("run_at").Type.Name)
}

func TestReplaySkipsDownSections(t *testing.T) {
	s := replay(t, `-- +goose Up
CREATE TABLE jobs (id int, run_at timestamptz);
-- +goose StatementBegin
CREATE INDEX jobs_run_at ON jobs (run_at);
-- +goose StatementEnd

-- +goose Down
DROP TABLE jobs;
`, `-- migrate:up
CREATE TABLE tasks (id int);
-- migrate:down
DROP TABLE tasks;
`)
	require.NotNil(t, s.Table("public.jobs"))
	require.NotNil(t, s.Table("public.tasks"))
	require.Len(t, s.Table("public.jobs").Indexes, 1)
}

func TestReplayParseErrorHasPosition(t *testing.T) {
	s := replay(t, "CREATE TABLE jobs (id int);\n\nCREATE TABLE broken (id int,, x text);\nCREATE TABLE after (id int);\n")
	require.Len(t, s.Problems, 1)
	p := s.Problems[0]
	require.Equal(t, 3, p.Loc.Line)
	require.Equal(t, 29, p.Loc.Col)
	require.Contains(t, p.Msg, "syntax error")
	require.NotNil(t, s.Table("public.after"), "a bad statement costs only itself")
}

func TestTimestampTypeText(t *testing.T) {
	s := replay(t, "CREATE TABLE jobs (\n  a timestamp,\n  b TIMESTAMP(3) WITHOUT TIME ZONE,\n  c timestamp with time zone,\n  d timestamptz\n);")
	jobs := s.Table("public.jobs")
	got := map[string]string{}
	for _, c := range jobs.Columns {
		got[c.Name] = c.Type.Name + "|" + c.Type.Text + "|" + c.Type.Timestamptz()
	}
	require.Equal(t, map[string]string{
		"a": "timestamp|timestamp|timestamptz",
		"b": "timestamp|TIMESTAMP(3) WITHOUT TIME ZONE|timestamptz(3)",
		"c": "timestamptz|timestamp with time zone|timestamptz",
		"d": "timestamptz|timestamptz|timestamptz",
	}, got)
	b := jobs.Column("b").Type
	require.Equal(t, 3, b.Loc.Line)
	require.Equal(t, 5, b.Loc.Col)
	require.True(t, b.Exact)
}

func TestDiscover(t *testing.T) {
	root := t.TempDir()
	write := func(rel, content string) {
		p := filepath.Join(root, rel)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	}
	write("db/migrations/10_index.up.sql", "CREATE INDEX j ON jobs (run_at);")
	write("db/migrations/2_jobs.up.sql", "CREATE TABLE jobs (id int, run_at timestamp);")
	write("db/migrations/2_jobs.down.sql", "DROP TABLE jobs;")
	write("testdata/x.sql", "CREATE TABLE fixture (id int);")
	write("vendor/y.sql", "CREATE TABLE vendored (id int);")
	write(".git/z.sql", "CREATE TABLE hidden (id int);")
	write("tools/go.mod", "module example.com/tools\n")
	write("tools/other.sql", "CREATE TABLE other_module (id int);")
	write("store/schema.go", "package store\n\nconst ddl = `\nCREATE TABLE outbox (id int, sent_at timestamp);`\n\nfunc downOutbox() string { return `DROP TABLE outbox` }\n\nvar msg = \"create table failed\"\n")
	write("store/schema_test.go", "package store\n\nconst testDDL = `CREATE TABLE test_only (id int)`\n")

	srcs, probs := Discover(root)
	require.Empty(t, probs)
	var rels []string
	for _, s := range srcs {
		rel, _ := filepath.Rel(root, s.Path)
		rels = append(rels, rel)
	}
	// The error message is taken for DDL too; it does not parse, and its
	// parse error is not reported (only Go code that runs SQL is checked).
	require.Equal(t, []string{"db/migrations/2_jobs.up.sql", "db/migrations/10_index.up.sql", "store/schema.go", "store/schema.go"}, rels)

	s := Replay(srcs)
	require.Empty(t, s.Problems)
	require.Len(t, s.Tables, 2)
	require.Len(t, s.Table("public.jobs").Indexes, 1, "the later migration's index counts")
	sent := s.Table("public.outbox").Column("sent_at").Type
	require.Equal(t, 4, sent.Loc.Line, "a Go string's positions are positions in the .go file")
	require.Equal(t, 38, sent.Loc.Col)
	require.True(t, sent.Exact)

	_, _, err := FromPaths([]string{filepath.Join(root, "missing")})
	require.ErrorContains(t, err, "missing")
	only, _, err := FromPaths([]string{filepath.Join(root, "db")})
	require.NoError(t, err)
	require.Len(t, only, 2)
}

func TestNaturalLess(t *testing.T) {
	require.True(t, naturalLess("m/2_a.sql", "m/10_a.sql"))
	require.False(t, naturalLess("m/10_a.sql", "m/2_a.sql"))
	require.True(t, naturalLess("m/0002_a.sql", "m/0010_a.sql"))
	require.True(t, naturalLess("a/x.sql", "b/x.sql"))
}

func TestSplitKeepsStatementsBeforeAnOpenQuote(t *testing.T) {
	s := replay(t, "CREATE TABLE a (id int);\nCREATE FUNCTION f() RETURNS text LANGUAGE sql AS $body$ SELECT 'x;y' $body$;\n"+
		"CREATE TABLE \"semi;colon\" (id int); /* a ; /* nested ; */ comment */ CREATE TABLE b (note text DEFAULT E'it\\'s;');\n"+
		"INSERT INTO a VALUES ('unterminated);\nCREATE TABLE lost (id int);\n")
	require.NotNil(t, s.Table("public.a"))
	require.NotNil(t, s.Table("public.semi;colon"))
	require.NotNil(t, s.Table("public.b"))
	require.Nil(t, s.Table("public.lost"), "PostgreSQL too reads the rest as part of the open string")
	require.Len(t, s.Problems, 1)
	require.Equal(t, 4, s.Problems[0].Loc.Line)
	require.Equal(t, `unterminated quoted string at or near "'unterminated);..."`, s.Problems[0].Msg)
}

func TestModuleStatements(t *testing.T) {
	root := t.TempDir()
	write := func(rel, content string) {
		p := filepath.Join(root, rel)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	}
	write("queries/reclaim.sql", "-- name: Reclaim :exec\nUPDATE jobs SET status = 'queued' WHERE status = 'running' AND locked_until < now();\n")
	write("janitor/janitor.go", "package janitor\n\nconst sweep = `DELETE FROM jobs WHERE status = 'done'`\nvar greeting = \"select your plan\"\n")
	write("testdata/fixture.sql", "UPDATE other SET x = 1;")
	write("migrations/2_cron.sql", "CREATE FUNCTION reap() RETURNS void LANGUAGE plpgsql AS $$\nBEGIN\n  UPDATE tasks SET state = 'ready' WHERE lease < now();\nEND $$;\n")
	var got []string
	for _, st := range ModuleStatements(root) {
		got = append(got, st.Kind.String()+" "+st.Table)
	}
	require.Equal(t, []string{"DELETE public.jobs", "UPDATE public.tasks", "UPDATE public.jobs"}, got, "a function body's statements count, called from Go or not (pg_cron)")
}

func TestGoRawStringWithCarriageReturnsIsNotExact(t *testing.T) {
	root := t.TempDir()
	src := "package s\r\n\r\nconst ddl = `\r\nCREATE TABLE jobs (\r\n  id int,\r\n  run_at timestamp NOT NULL\r\n);`\r\n"
	require.NoError(t, os.WriteFile(filepath.Join(root, "s.go"), []byte(src), 0o644))
	srcs, _ := Discover(root)
	require.Len(t, srcs, 1)
	require.False(t, srcs[0].Exact(), "Go drops \\r from raw strings: offsets no longer match the file")
	typ := Replay(srcs).Table("public.jobs").Column("run_at").Type
	require.False(t, typ.Exact, "no fix is offered where the edit would land elsewhere")
}

func TestOtherToolsDownSections(t *testing.T) {
	s := replay(t, "-- +migrate Up\nCREATE TABLE a (id int);\n-- +migrate Down\nDROP TABLE a;\n",
		"CREATE TABLE b (id int);\n\n---- create above / drop below ----\n\nDROP TABLE b;\n")
	require.NotNil(t, s.Table("public.a"), "sql-migrate")
	require.NotNil(t, s.Table("public.b"), "tern")
}

func TestParseErrorPositions(t *testing.T) {
	s := replay(t, "SELECT 1;\nCREATE TABLE broken (id int\n", "SELECT 'ação' AND AND 1;")
	require.Len(t, s.Problems, 2)
	require.Equal(t, 2, s.Problems[0].Loc.Line, "at end of input: the end of the statement, not the previous one")
	require.Equal(t, 28, s.Problems[0].Loc.Col)
	require.Equal(t, 21, s.Problems[1].Loc.Col, "PostgreSQL counts characters (19); columns are bytes")
}

func TestDownFunctionNames(t *testing.T) {
	for name, down := range map[string]bool{"down": true, "downCreateJobs": true, "Down00002": true, "down_jobs": true, "downloadFile": false, "Downstream": false} {
		require.Equal(t, down, isDownFunc(name), name)
	}
}

func TestSplitLikePsql(t *testing.T) {
	s := replay(t, `CREATE TABLE jobs (id bigserial PRIMARY KEY, status text);
CREATE TABLE jobs_log (id bigint, status text);
CREATE FUNCTION queued_count() RETURNS bigint LANGUAGE sql STABLE
BEGIN ATOMIC
  SELECT CASE WHEN count(*) > 0 THEN count(*) ELSE 0 END FROM jobs WHERE status = 'queued';
  SELECT 1;
END;
CREATE RULE jobs_audit AS ON UPDATE TO jobs DO ALSO (
  INSERT INTO jobs_log VALUES (NEW.id, NEW.status);
  INSERT INTO jobs_log VALUES (OLD.id, OLD.status)
);
CREATE TABLE after_them (id int);
`)
	require.Empty(t, s.Problems)
	require.NotNil(t, s.Table("public.after_them"))
}

func TestReplaySearchPath(t *testing.T) {
	s := replay(t, `
CREATE SCHEMA queue;
SET search_path TO queue, public;
CREATE TABLE jobs (id bigint PRIMARY KEY, status text, run_at timestamptz);
CREATE INDEX jobs_poll ON jobs (run_at) WHERE status = 'queued';
CREATE TABLE public.users (id int);
ALTER TABLE users ADD COLUMN name text;
RESET search_path;
CREATE TABLE audit (id int);
`, `
CREATE TABLE other (id int);
SET LOCAL search_path = "$user", app;
CREATE TABLE tasks (id int);
ALTER TABLE queue.jobs RENAME COLUMN run_at TO due_at;
`, `
SET search_path = queue;
DROP INDEX jobs_poll;
`)
	require.Empty(t, s.Problems)
	jobs := s.Table("queue.jobs")
	require.NotNil(t, jobs, "tables: %v", s.Tables)
	require.Nil(t, s.Table("public.jobs"))
	require.NotNil(t, s.Table("public.users").Column("name"), "a name not in the first schema is found further along the path")
	require.NotNil(t, s.Table("public.audit"), "RESET restores the default")
	require.NotNil(t, s.Table("public.other"), "a file starts with the default search_path")
	require.NotNil(t, s.Table("app.tasks"), "$user is skipped; SET LOCAL counts")
	require.Equal(t, []string{"queue.jobs_pkey"}, indexNames(jobs), "DROP INDEX finds the index along the path")
}

func indexNames(t *Table) []string {
	var out []string
	for _, idx := range t.Indexes {
		out = append(out, t.Name[:len(t.Name)-len(".jobs")]+"."+idx.Name)
	}
	return out
}

// A library that creates its tables in Start and drops them in Close: the
// teardown runs when the program is done with the queue, not as the last
// migration.
func TestGoTeardownIsNotReplayed(t *testing.T) {
	root := t.TempDir()
	src := "package q\n\n" +
		"func Start() {\n\texec(`CREATE TABLE jobs (id bigint PRIMARY KEY, status text);\n\tCREATE FUNCTION notify() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;\n\tCREATE TRIGGER jobs_notify AFTER INSERT ON jobs FOR EACH ROW EXECUTE FUNCTION notify();`)\n" +
		"\texec(`CREATE INDEX jobs_status ON jobs (status)`)\n}\n\n" +
		"func Close() {\n\texec(`DROP TRIGGER IF EXISTS jobs_notify ON jobs; DROP FUNCTION IF EXISTS notify();`)\n" +
		"\texec(`DROP INDEX IF EXISTS jobs_status`)\n\texec(`DROP TABLE IF EXISTS jobs`)\n}\n\n" +
		"func exec(string) {}\n"
	require.NoError(t, os.WriteFile(filepath.Join(root, "q.go"), []byte(src), 0o644))
	srcs, _ := Discover(root)
	require.Len(t, srcs, 2, "the three teardown literals are left out")
	s := Replay(srcs)
	jobs := s.Table("public.jobs")
	require.NotNil(t, jobs)
	require.Len(t, jobs.Indexes, 2, "primary key and jobs_status")
	require.Len(t, s.Triggers, 1)
}

// What a literal drops must have been created earlier in the same file
// for it to be a teardown: a DROP of an older table, or a DROP before the
// CREATE (drop and recreate), is schema history and is replayed.
func TestGoDropsThatAreNotTeardowns(t *testing.T) {
	root := t.TempDir()
	write := func(name, src string) {
		require.NoError(t, os.WriteFile(filepath.Join(root, name), []byte(src), 0o644))
	}
	write("a.go", "package q\n\nconst old = `CREATE TABLE legacy (id int)`\n")
	write("b.go", "package q\n\nconst recreate = `DROP TABLE IF EXISTS jobs`\nconst create = `CREATE TABLE jobs (id int)`\n"+
		"const gone = `DROP TABLE legacy`\nconst mixed = `CREATE TABLE tmp (id int); DROP TABLE jobs`\n")
	srcs, _ := Discover(root)
	require.Len(t, srcs, 5)
	s := Replay(srcs)
	require.Nil(t, s.Table("public.legacy"), "created in another file: dropped")
	require.Nil(t, s.Table("public.jobs"), "a literal that also creates is not a teardown")
	require.NotNil(t, s.Table("public.tmp"))
}

// A module that supports several databases keeps each one's DDL beside
// PostgreSQL's: keyed by the database's name in a map, a struct field per
// database, a switch on the driver. Only PostgreSQL's is the schema.
func TestGoDDLOfOtherDatabasesIsLeftOut(t *testing.T) {
	root := t.TempDir()
	src := "package m\n\n" +
		"var byDialect = map[string]string{\n" +
		"\t\"postgres\": `CREATE TABLE jobs (id uuid PRIMARY KEY, run_at timestamptz NOT NULL)`,\n" +
		"\t\"mysql\": `CREATE TABLE jobs (id char(36) PRIMARY KEY, run_at datetime NOT NULL)`,\n}\n\n" +
		"type DDL struct{ Postgres, MySQL, SQLite string }\n\n" +
		"var fields = DDL{\n\tPostgres: `CREATE TABLE runs (id bigint, at timestamptz)`,\n" +
		"\tMySQL: `CREATE TABLE runs (id bigint, at datetime)`,\n\tSQLite: `CREATE TABLE runs (id integer, at text)`,\n}\n\n" +
		"func schema(driver string) string {\n\tswitch driver {\n" +
		"\tcase \"sqlite3\", \"mysql\":\n\t\treturn `CREATE TABLE locks (id integer, at text)`\n" +
		"\tdefault:\n\t\treturn `CREATE TABLE locks (id bigint, at timestamptz)`\n\t}\n}\n"
	require.NoError(t, os.WriteFile(filepath.Join(root, "m.go"), []byte(src), 0o644))
	srcs, _ := Discover(root)
	require.Len(t, srcs, 3)
	s := Replay(srcs)
	for _, table := range []string{"public.jobs", "public.runs", "public.locks"} {
		require.NotNil(t, s.Table(table), table)
		for _, c := range s.Table(table).Columns {
			require.NotContains(t, []string{"datetime", "text"}, c.Type.Name, "%s.%s", table, c.Name)
		}
	}
}
