package sqlcheck

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The catalogue of bad input at the SQL level (docs/how-sql-is-read.md, "Bad input"): each
// case gets a positioned problem or a documented silent skip, never a crash.

func TestNewerGrammarIsASyntaxErrorWhereItStarts(t *testing.T) {
	// pg_query_go v5 embeds PostgreSQL 16's parser; these are PostgreSQL 17.
	for _, tc := range []struct{ sql, near string }{
		{"MERGE INTO jobs j USING src s ON j.id = s.id WHEN MATCHED THEN UPDATE SET status = 'x' RETURNING j.id", "RETURNING"},
		{"SELECT * FROM JSON_TABLE('[]'::jsonb, '$[*]' COLUMNS (a int PATH '$.a')) jt", "COLUMNS"},
	} {
		sql := "CREATE TABLE ok (a int);\n" + tc.sql + ";\nCREATE TABLE ok2 (a int);"
		raws, errs := Parse(sql)
		require.Len(t, raws, 2, "the statements around it survive")
		require.Len(t, errs, 1)
		require.Equal(t, strings.Index(sql, tc.near), errs[0].Offset)
		require.Equal(t, `syntax error at or near "`+tc.near+`"`, errs[0].Msg)
	}
}

func TestFunctionBodiesAreNotParsed(t *testing.T) {
	// A documented silent skip: PL/pgSQL and string bodies are text to the
	// SQL parser, and jobqlint does not parse them.
	raws, errs := Parse(`
CREATE FUNCTION f() RETURNS int LANGUAGE plpgsql AS $$ BEGIN RETURN 1 +; END $$;
DO $$ BEGIN PERFORM nope(; END $$;
CREATE FUNCTION g() RETURNS int LANGUAGE sql AS 'SELEC 1';`)
	require.Empty(t, errs)
	require.Len(t, raws, 3)
}

func TestNonUTF8IsReportedAtTheByte(t *testing.T) {
	sql := "CREATE TABLE a (x int);\nCREATE TABLE b (note text DEFAULT 'caf\xe9');\nCREATE TABLE c (x int);\n"
	s := Replay([]*Source{SQLFile("latin1.sql", []byte(sql))})
	require.Len(t, s.Problems, 1)
	p := s.Problems[0]
	require.Equal(t, strings.IndexByte(sql, 0xe9), p.Loc.Offset)
	require.Equal(t, 2, p.Loc.Line)
	require.Equal(t, "invalid UTF-8 byte 0xe9 (jobqlint reads SQL as UTF-8)", p.Msg)
	require.NotNil(t, s.Table("public.a"))
	require.Nil(t, s.Table("public.b"))
	require.NotNil(t, s.Table("public.c"))
}

func TestByteOrderMarkIsSkipped(t *testing.T) {
	file := "\ufeffCREATE TABLE jobs (id int, run_at timestamp);\n"
	s := Replay([]*Source{SQLFile("bom.sql", []byte(file))})
	require.Empty(t, s.Problems)
	jobs := s.Table("public.jobs")
	require.NotNil(t, jobs, "the first statement is not lost")
	typ := jobs.Column("run_at").Type
	require.True(t, typ.Exact)
	require.Equal(t, "timestamp", file[typ.Loc.Offset:typ.Loc.Offset+len(typ.Text)], "offsets are the file's, BOM included")
}

func TestLargeFile(t *testing.T) {
	// 50 MB of data migration between two DDL statements, and a syntax
	// error at the very end: the schema and the error's line come out.
	dir := t.TempDir()
	path := filepath.Join(dir, "001_big.sql")
	var b bytes.Buffer
	b.WriteString("CREATE TABLE jobs (id bigserial PRIMARY KEY, status text NOT NULL, run_at timestamp NOT NULL);\n")
	row := strings.Repeat("x", 100)
	lines := 1
	for b.Len() < 50<<20 {
		fmt.Fprintf(&b, "INSERT INTO jobs (status, run_at) VALUES ('%s', now());\n", row)
		lines++
	}
	b.WriteString("ALTER TABLE jobs ALTER COLUMN run_at TYPE timestamptz;\nSELEC 1;\n")
	require.NoError(t, os.WriteFile(path, b.Bytes(), 0o644))

	srcs, probs := Discover(dir)
	require.Empty(t, probs)
	s := Replay(srcs)
	require.Len(t, s.Problems, 1)
	require.Equal(t, lines+2, s.Problems[0].Loc.Line)
	require.Equal(t, "timestamptz", s.Table("public.jobs").Column("run_at").Type.Name)

	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	t.Logf("50 MB file: %d statements; memory obtained from the OS %d MB, total allocated %d MB", lines+2, ms.Sys>>20, ms.TotalAlloc>>20)
}

func TestThousandsOfMigrations(t *testing.T) {
	dir := t.TempDir()
	const n = 3000
	write := func(name, sql string) {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(sql), 0o644))
	}
	write("1_jobs.sql", "CREATE TABLE jobs (id bigserial PRIMARY KEY);\n")
	for i := 2; i <= n; i++ {
		write(fmt.Sprintf("%d_c.sql", i), fmt.Sprintf("ALTER TABLE jobs ADD COLUMN c%d int;\n", i))
	}
	srcs, probs := Discover(dir)
	require.Empty(t, probs)
	require.Len(t, srcs, n)
	s := Replay(srcs)
	require.Empty(t, s.Problems)
	cols := s.Table("public.jobs").Columns
	require.Len(t, cols, n)
	for i, c := range cols[1:] {
		require.Equal(t, fmt.Sprintf("c%d", i+2), c.Name, "natural order: 10_c.sql after 9_c.sql")
	}
}

func TestSymlinksAreNotFollowed(t *testing.T) {
	// Discovery reads regular files inside the module root only: a loop
	// does not hang it, and a link to a file elsewhere is not read.
	outside := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(outside, "elsewhere.sql"), []byte("CREATE TABLE elsewhere (a int);"), 0o644))
	root := t.TempDir()
	db := filepath.Join(root, "db")
	require.NoError(t, os.Mkdir(db, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(db, "1.sql"), []byte("CREATE TABLE jobs (a int);"), 0o644))
	require.NoError(t, os.Symlink(root, filepath.Join(db, "loop")))
	require.NoError(t, os.Symlink("../db", filepath.Join(db, "loop2")))
	require.NoError(t, os.Symlink(filepath.Join(outside, "elsewhere.sql"), filepath.Join(db, "2.sql")))
	require.NoError(t, os.Symlink(outside, filepath.Join(root, "out")))

	srcs, probs := Discover(root)
	require.Empty(t, probs)
	require.Len(t, srcs, 1)
	require.Equal(t, filepath.Join(db, "1.sql"), srcs[0].Path)
	require.Empty(t, ModuleStatements(root))
}

func TestNoMigrations(t *testing.T) {
	root := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(root, "go.mod"), []byte("module m\n"), 0o644))
	srcs, probs := Discover(root)
	require.Empty(t, probs)
	require.Empty(t, srcs)
	s := Replay(srcs)
	require.Empty(t, s.Tables)
	require.Nil(t, s.Table("public.jobs"))
}

func TestUnreadableDirectoryIsAProblem(t *testing.T) {
	_, probs := Discover(filepath.Join(t.TempDir(), "missing"))
	require.Len(t, probs, 1)
	require.True(t, probs[0].Unread)
	require.Equal(t, "stat: no such file or directory", probs[0].Msg, "the problem is at the path; its message does not repeat it")
}

func TestUnreadableMigrationIsAProblemAtItsPath(t *testing.T) {
	gone := filepath.Join(t.TempDir(), "001_jobs.sql") // removed after it was listed
	m := readFiles([]string{gone})
	require.Len(t, m.Problems, 1)
	require.Equal(t, gone, m.Problems[0].Loc.File)
	require.Equal(t, "open: no such file or directory", m.Problems[0].Msg, "the problem is at the path; its message does not repeat it")
}

func TestLargeTemplatedFile(t *testing.T) {
	// A schema template followed by 2 MB of data: reading it is linear in
	// its size (a scan per byte would not finish).
	var b bytes.Buffer
	b.WriteString("CREATE TABLE %s.jobs (id bigserial PRIMARY KEY, run_at timestamp NOT NULL);\n")
	lines := 1
	for b.Len() < 2<<20 {
		b.WriteString("INSERT INTO %s.jobs (run_at) VALUES (now()); -- {{ not a template\n")
		lines++
	}
	b.WriteString("ALTER TABLE %s.jobs ADD COLUMN done_at timestamp;\n")
	s := Replay([]*Source{SQLFile("big.sql", b.Bytes())})
	require.Empty(t, s.Problems)
	done := s.Table("%s.jobs").Column("done_at").Type
	require.Equal(t, lines+1, done.Loc.Line)
	require.Equal(t, "timestamp", string(b.Bytes()[done.Loc.Offset:done.Loc.Offset+len("timestamp")]))
}
