package queuemodel

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/internal/schemacache"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// forget drops what this process remembers of every module, as a new go
// vet process starts without it.
func forget() {
	filesCache.Clear()
	schemaCache.Clear()
	moduleStatements.Clear()
	joinsByRoot.Clear()
	fragmentsByRoot.Clear()
	moduleRewrites.Clear()
}

func entries(t *testing.T, dir string) []string {
	t.Helper()
	names, _ := filepath.Glob(filepath.Join(dir, "*"))
	for i, n := range names {
		names[i] = filepath.Base(n)
	}
	return names
}

// The second process to need a module's schema reads it from the cache;
// a changed migration is another key, and is replayed.
func TestSchemaCache(t *testing.T) {
	cache := t.TempDir()
	t.Setenv(schemacache.Env, cache)
	root := t.TempDir()
	write := func(rel, content string) {
		p := filepath.Join(root, rel)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	}
	write("migrations/1_jobs.up.sql", "CREATE TABLE jobs (id bigserial PRIMARY KEY, status text NOT NULL);\n")
	write("queries/reclaim.sql", "UPDATE jobs SET status = 'queued' WHERE status = 'running';\n")
	t.Cleanup(forget)

	forget()
	s, err := loadSchema(root, nil, root)
	require.NoError(t, err)
	require.NotNil(t, s.Table("public.jobs"))
	m := &Model{schema: &schemaState{root: root}}
	require.Len(t, m.ModuleStatements(), 1)
	names := entries(t, cache)
	require.Len(t, names, 2, "a miss stores the schema and the statements: %v", names)

	// A hit is what is read: plant another schema under the same key.
	mf := readModule(root, nil)
	key := schemacache.Key("schema", mf.key[:])
	planted := &sqlcheck.Schema{Tables: map[string]*sqlcheck.Table{"public.planted": {Name: "public.planted"}}}
	require.NoError(t, schemacache.Store(cache, key, planted))
	forget()
	s, err = loadSchema(root, nil, root)
	require.NoError(t, err)
	require.NotNil(t, s.Table("public.planted"), "the cached schema is used, not replayed again")

	// A changed migration misses, and is replayed.
	write("migrations/2_index.up.sql", "CREATE INDEX jobs_status ON jobs (status);\n")
	forget()
	s, err = loadSchema(root, nil, root)
	require.NoError(t, err)
	require.Nil(t, s.Table("public.planted"))
	require.Len(t, s.Table("public.jobs").Indexes, 2)
	require.Len(t, entries(t, cache), 3)

	// Off is off.
	t.Setenv(schemacache.Env, "off")
	forget()
	write("migrations/3_more.up.sql", "ALTER TABLE jobs ADD COLUMN run_at timestamptz;\n")
	s, err = loadSchema(root, nil, root)
	require.NoError(t, err)
	require.NotNil(t, s.Table("public.jobs").Column("run_at"))
	require.Len(t, entries(t, cache), 3, "nothing is written with JOBQLINT_CACHE=off")
}

// A schema read from the cache is the schema replayed: every fixture's
// migrations, through the cache and back.
func TestCachedSchemaIsTheReplayedOne(t *testing.T) {
	cache := t.TempDir()
	dirs := map[string]bool{}
	filepath.WalkDir("../..", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".sql") && strings.Contains(path, "testdata") {
			dirs[filepath.Dir(path)] = true
		}
		return nil
	})
	require.Greater(t, len(dirs), 100)
	for dir := range dirs {
		mf := sqlcheck.ReadModule(dir)
		srcs, uses, probs := mf.Sources()
		want := sqlcheck.Replay(srcs)
		want.Problems = append(probs, want.Problems...)
		want.Sources = uses
		key := schemacache.Key("schema", []byte(dir))
		require.NoError(t, schemacache.Store(cache, key, want))
		got := new(sqlcheck.Schema)
		require.True(t, schemacache.Load(cache, key, got), dir)
		requireSame(t, dir, reflect.ValueOf(want), reflect.ValueOf(got))

		stmts := mf.Statements()
		var gotStmts []*sqlcheck.Stmt
		require.NoError(t, schemacache.Store(cache, key, stmts))
		require.True(t, schemacache.Load(cache, key, &gotStmts), dir)
		requireSame(t, dir, reflect.ValueOf(stmts), reflect.ValueOf(gotStmts))
	}
}

// requireSame compares two values field by field: the exported fields
// (the cache keeps those), with a nil slice or map the same as an empty one.
func requireSame(t *testing.T, path string, a, b reflect.Value) {
	t.Helper()
	if a.Kind() != b.Kind() {
		t.Fatalf("%s: %v vs %v", path, a.Kind(), b.Kind())
	}
	switch a.Kind() {
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			if a.IsNil() != b.IsNil() {
				t.Fatalf("%s: nil %v vs %v", path, a.IsNil(), b.IsNil())
			}
			return
		}
		requireSame(t, path, a.Elem(), b.Elem())
	case reflect.Struct:
		for i := range a.NumField() {
			if f := a.Type().Field(i); f.IsExported() {
				requireSame(t, path+"."+f.Name, a.Field(i), b.Field(i))
			}
		}
	case reflect.Slice, reflect.Array:
		if a.Len() != b.Len() {
			t.Fatalf("%s: len %d vs %d", path, a.Len(), b.Len())
		}
		for i := range a.Len() {
			requireSame(t, path, a.Index(i), b.Index(i))
		}
	case reflect.Map:
		if a.Len() != b.Len() {
			t.Fatalf("%s: len %d vs %d", path, a.Len(), b.Len())
		}
		for _, k := range a.MapKeys() {
			requireSame(t, path+"["+k.String()+"]", a.MapIndex(k), b.MapIndex(k))
		}
	default:
		if !reflect.DeepEqual(a.Interface(), b.Interface()) {
			t.Fatalf("%s: %v vs %v", path, a, b)
		}
	}
}

// Two services of one module, each with its own database and migrations,
// each creating a table of the same name: a package of one service reads
// its own service's table; a package of neither reads them merged, as
// before (the later replayed last).
func TestServicesReadTheirOwnSchema(t *testing.T) {
	t.Setenv(schemacache.Env, t.TempDir())
	root := t.TempDir()
	write := func(rel, content string) {
		p := filepath.Join(root, rel)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	}
	write("services/auth/migrations/1_outbox.up.sql", "CREATE TABLE outbox (id bigserial PRIMARY KEY, status text NOT NULL);\nCREATE INDEX outbox_poll ON outbox (status);\n")
	write("services/billing/migrations/1_outbox.up.sql", "CREATE TABLE outbox (id bigserial PRIMARY KEY, status text NOT NULL, sent_at timestamptz);\n")
	t.Cleanup(forget)
	forget()

	auth, err := loadSchema(root, nil, filepath.Join(root, "services/auth/internal/store"))
	require.NoError(t, err)
	require.Len(t, auth.Table("public.outbox").Indexes, 2, "auth's outbox: primary key and outbox_poll")
	require.Nil(t, auth.Table("public.outbox").Column("sent_at"))

	billing, err := loadSchema(root, nil, filepath.Join(root, "services/billing"))
	require.NoError(t, err)
	require.Len(t, billing.Table("public.outbox").Indexes, 1)
	require.NotNil(t, billing.Table("public.outbox").Column("sent_at"))

	merged, err := loadSchema(root, nil, filepath.Join(root, "tools/report"))
	require.NoError(t, err)
	require.NotNil(t, merged.Table("public.outbox").Column("sent_at"), "billing's replayed last")

	require.Equal(t, []string{"services/auth", "services/billing"}, readModule(root, nil).services)
}

// One service's history in two directories (migrations/ and
// migrations/archive/), or a root migrations/ beside a service's: no
// services are told apart.
func TestNestedMigrationsAreOneService(t *testing.T) {
	for name, dirs := range map[string][]string{
		"nested":   {"db/migrations", "db/migrations/archive"},
		"root":     {"migrations", "services/billing/migrations"},
		"siblings": {"db/migrations", "db/migrations_test"},
		"one":      {"services/auth/migrations"},
	} {
		t.Run(name, func(t *testing.T) {
			root := t.TempDir()
			var files []sqlcheck.File
			for _, d := range dirs {
				files = append(files, sqlcheck.File{Path: filepath.Join(root, d, "1_x.up.sql"), Content: []byte("CREATE TABLE x (id int);")})
			}
			mf := &sqlcheck.ModuleFiles{Root: root, Files: files}
			require.Nil(t, mf.Services())
		})
	}
}

// A sweeper that no package imports is read from the module's files: the
// key go vet caches results under changes when its decision or its reset
// goes (the store's lease finding comes back), and not when a comment
// does.
func TestModuleKeyCoversJoins(t *testing.T) {
	root := t.TempDir()
	write := func(rel, content string) {
		p := filepath.Join(root, rel)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	}
	key := func() string {
		forget()
		var b bytes.Buffer
		ModuleKey(&b, root, nil)
		return b.String()
	}
	t.Cleanup(forget)
	write("go.mod", "module example.com/q\n")
	sweep := `package sweeper

func Sweep(s Store, hb Beats) {
	running, _ := s.ListRunning()
	for _, j := range running {
		if hb.Alive(j.Worker) {
			continue
		}
		s.Requeue(j.ID)
	}
}
`
	write("sweeper/sweeper.go", sweep)
	joined := key()
	require.Equal(t, []moduleJoin{{path: filepath.Join(root, "sweeper/sweeper.go"), scan: "ListRunning", reset: "Requeue", arg: 0,
		lparen: strings.Index(sweep, "s.Requeue(") + len("s.Requeue"), nargs: 1}}, moduleJoins(root))

	write("sweeper/sweeper.go", strings.Replace(sweep, "package sweeper", "// Package sweeper sweeps.\npackage sweeper", 1))
	require.Equal(t, joined, key(), "a comment changes no join")

	write("sweeper/sweeper.go", strings.Replace(sweep, "continue", `println("alive")`, 1))
	require.NotEqual(t, joined, key())
	require.Empty(t, moduleJoins(root), "a reset under no decision is no join")

	write("sweeper/sweeper.go", strings.Replace(sweep, "s.Requeue(j.ID)", "s.Requeue(0)", 1))
	require.NotEqual(t, joined, key(), "a reset given no listed key is no join")
}

// The module's statements are shared by every package of the module, and
// each rule appends its own package's statements to them: one rule's
// append must never write into what another rule, of this package or of
// another one analysed at the same time, is reading (lease and stateguard
// did, a data race that mixed up their statements).
func TestModuleStatementsAreEachCallersOwn(t *testing.T) {
	t.Setenv(schemacache.Env, "off")
	root := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(root, "queries.sql"), []byte(
		"UPDATE jobs SET status = 'queued' WHERE status = 'running';\n"+
			"DELETE FROM jobs WHERE status = 'done';\n"+
			"UPDATE jobs SET status = 'failed' WHERE attempts > 5;\n"), 0o644))
	t.Cleanup(forget)
	forget()

	lease := &Model{schema: &schemaState{root: root}}
	stateguard := &Model{schema: &schemaState{root: root}}
	require.Len(t, lease.ModuleStatements(), 3)
	mine, theirs := &sqlcheck.Stmt{Table: "mine"}, &sqlcheck.Stmt{Table: "theirs"}
	a := append(lease.ModuleStatements(), mine)
	b := append(stateguard.ModuleStatements(), theirs)
	c := append(lease.ModuleStatements(), theirs)
	require.Same(t, mine, a[3], "another caller's append overwrote this one's")
	require.Same(t, theirs, b[3])
	require.Same(t, theirs, c[3])
}

// A reaper an ORM builds in another package is known by its fragments
// (see ComparedElsewhere): the key changes when the column its fragment
// compares does, and not when a comment moves it; a test file's fragment
// and a whole statement are not fragments.
func TestModuleKeyCoversFragments(t *testing.T) {
	root := t.TempDir()
	write := func(rel, content string) {
		p := filepath.Join(root, rel)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	}
	key := func() string {
		forget()
		var b bytes.Buffer
		ModuleKey(&b, root, nil)
		return b.String()
	}
	t.Cleanup(forget)
	write("go.mod", "module example.com/q\n")
	reaper := "package reaper\n\nvar cond = `\"jobs\".\"started_at\" < ?`\n"
	write("reaper/reaper.go", reaper)
	write("reaper/reaper_test.go", "package reaper\n\nvar stuck = `locked_until < now()`\n")
	write("reaper/count.go", "package reaper\n\nvar count = `SELECT count(*) FROM jobs WHERE heartbeat_at < now()`\n")
	before := key()
	require.Equal(t, []fileFragments{{path: filepath.Join(root, "reaper/reaper.go"), columns: []string{"started_at"}}}, moduleFragments(root).files)

	write("reaper/reaper.go", "// Package reaper takes jobs back.\n"+reaper)
	require.Equal(t, before, key(), "a comment changes no fragment")

	write("reaper/reaper.go", strings.Replace(reaper, "started_at", "finished_at", 1))
	require.NotEqual(t, before, key())
}

// A runner's path sets a nested migration directory aside (sqlcheck's
// unapplied): under go vet the key changes when a Makefile's migrate
// command names another directory, or moves (-model cites its line).
func TestModuleKeyCoversRunnerPaths(t *testing.T) {
	root := t.TempDir()
	write := func(rel, content string) {
		p := filepath.Join(root, rel)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	}
	key := func() string {
		forget()
		var b bytes.Buffer
		ModuleKey(&b, root, nil)
		return b.String()
	}
	t.Cleanup(forget)
	write("go.mod", "module example.com/q\n")
	write("migrations/000001_jobs.up.sql", "CREATE TABLE jobs (id int, status text);\n")
	write("migrations/archive/000001_jobs.up.sql", "CREATE TABLE jobs (id int, status text, run_at timestamp);\n")
	write("Makefile", "up:\n\tmigrate -path migrations -database x up\n")
	applied := key()
	write("Makefile", "# migrations\nup:\n\tmigrate -path migrations -database x up\n")
	require.NotEqual(t, applied, key(), "the runner's line moved")
	moved := key()
	write("Makefile", "# migrations\nup:\n\tmigrate -path migrations/archive -database x up\n")
	require.NotEqual(t, moved, key(), "the runner names another directory")
}

// An edit of a goyesql query in any package of the module changes what
// the packages that run it read (see namedRewrites): it is in the key,
// its line is not.
func TestModuleKeyCoversNamedQueryEdits(t *testing.T) {
	root := t.TempDir()
	write := func(rel, content string) {
		p := filepath.Join(root, rel)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	}
	key := func() string {
		forget()
		var b bytes.Buffer
		ModuleKey(&b, root, nil)
		return b.String()
	}
	t.Cleanup(forget)
	write("go.mod", "module example.com/q\n")
	write("queries.sql", "-- name: counts\nSELECT count(%s) FROM clicks;\n")
	prepare := "package main\n\nimport \"github.com/knadh/goyesql/v2\"\n\nfunc prepare(qs goyesql.Queries, q string) {\n%s}\n"
	write("cmd/app/main.go", fmt.Sprintf(prepare, ""))
	plain := key()
	write("cmd/app/main.go", fmt.Sprintf(prepare, "\tqs[\"counts\"].Query = q\n"))
	edited := key()
	require.NotEqual(t, plain, edited, "the program edits a query")
	write("cmd/app/main.go", fmt.Sprintf(prepare, "\t// moved\n\tqs[\"counts\"].Query = q\n"))
	require.Equal(t, edited, key(), "the edit moved a line")
	write("cmd/app/main.go", fmt.Sprintf(prepare, "\tqs[\"other\"].Query = q\n"))
	require.NotEqual(t, edited, key(), "the program edits another query")
}
