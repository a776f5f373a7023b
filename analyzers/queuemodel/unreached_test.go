package queuemodel

import (
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/jobqlint/jobqlint/sqlcheck"
)

// A module is closed (every package that may import its internal
// packages is walked) only with a go.mod, no go.work, and no nested
// module outside the directories the walk leaves out.
func TestClosedModule(t *testing.T) {
	write := func(t *testing.T, root string, files ...string) {
		for _, f := range files {
			p := filepath.Join(root, f)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte("module example.com/x\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, c := range []struct {
		name   string
		files  []string
		closed bool
	}{
		{"module", []string{"go.mod", "internal/store/store.go"}, true},
		{"nomodule", []string{"internal/store/store.go"}, false},
		{"workspace", []string{"go.mod", "go.work"}, false},
		{"nested", []string{"go.mod", "tools/gen/go.mod"}, false},
		{"nestedtestdata", []string{"go.mod", "internal/store/testdata/mod/go.mod"}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			write(t, root, c.files...)
			if got := walkClosed(root); got != c.closed {
				t.Errorf("walkClosed = %t, want %t", got, c.closed)
			}
		})
	}
}

// A file names a function when it calls it, selects it or takes its
// value; declaring it, as a function, a method or an interface's method,
// does not.
func TestNamesOutsideDecls(t *testing.T) {
	for _, c := range []struct {
		src   string
		names bool
	}{
		{"package p\nfunc (s *S) Requeue() {}\ntype Q interface{ Requeue() }\ntype F struct{}\nfunc (F) Requeue() {}", false},
		{"package p\nfunc run(q Q) { q.Requeue() }", true},
		{"package p\nfunc run(s *S) { go every(s.Requeue) }", true},
		{"package p\nfunc run() { requeue() }", false},
	} {
		f, err := parser.ParseFile(token.NewFileSet(), "p.go", c.src, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		if got := namesOutsideDecls(f, "Requeue"); got != c.names {
			t.Errorf("%q: namesOutsideDecls = %t, want %t", c.src, got, c.names)
		}
	}
}

// A statement of a SQL function's body is never unreached, though the Go
// method that runs the function is one nothing calls: the database may
// run the function on its own (pg_cron, a trigger). The same reclaim run
// from Go by such a method is unreached.
func TestUnreachedSQLFunctionBody(t *testing.T) {
	results := analysistest.Run(t, filepath.Join(analysistest.TestData(), "unreachedbodymod"), Analyzer, "./internal/store")
	require.Len(t, results, 1)
	m := results[0].Result.(*Model)
	pass := results[0].Pass
	got := map[string]string{}
	for _, c := range m.Calls {
		for _, st := range c.Stmts {
			if st.Kind != sqlcheck.KindUpdate || st.Role == RoleClaim {
				continue
			}
			name, dead := m.Unreached(pass, st)
			got[c.Decl.Name.Name] = fmt.Sprintf("body=%t %q %t", st.Body != nil, name, dead)
		}
	}
	require.Equal(t, map[string]string{
		"RequeueInDatabase": `body=true "" false`,
		"Requeue":           `body=false "Store.Requeue" true`,
	}, got)
}
