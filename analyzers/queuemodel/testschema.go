package queuemodel

import (
	"bytes"
	goast "go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/jobqlint/jobqlint/sqlcheck"
)

var testSchemas sync.Map // module root -> *testSchemaOnce

type testSchemaOnce struct {
	once  sync.Once
	files map[string]bool
}

// DeclaredForTests reports whether a table's CREATE TABLE is DDL that test
// scaffolding runs: a string in a Go file of the module that imports
// package testing, or that sits in a directory whose name starts with
// "test" (internal/testsupport, testutil, testhelpers). Such a helper
// creates the tables a test needs, often another service's (an outbox
// the tests fill), and says nothing of the indexes the deployed database
// has. Files named by -schema are the schema the user gave: none is for
// tests. ModuleKey covers what it reads (the module's files).
func (m *Model) DeclaredForTests(t *sqlcheck.Table) bool {
	if t == nil || !strings.HasSuffix(t.Loc.File, ".go") || m.schema == nil || m.schema.root == "" || len(SchemaFlag) > 0 {
		return false
	}
	v, _ := testSchemas.LoadOrStore(m.schema.root, new(testSchemaOnce))
	ts := v.(*testSchemaOnce)
	ts.once.Do(func() {
		mf := readModule(m.schema.root, nil)
		if mf.err == nil {
			ts.files, _ = compute(mf, "testschemas", "", testScaffolding)
		}
	})
	return ts.files[t.Loc.File]
}

// testScaffolding returns the module's Go files that are test scaffolding
// (see DeclaredForTests).
func testScaffolding(files *sqlcheck.ModuleFiles) map[string]bool {
	out := map[string]bool{}
	for _, f := range files.Files {
		if !strings.HasSuffix(f.Path, ".go") {
			continue
		}
		rel, err := filepath.Rel(files.Root, filepath.Dir(f.Path))
		if err == nil && slices.ContainsFunc(strings.Split(filepath.ToSlash(rel), "/"), func(dir string) bool {
			return strings.HasPrefix(strings.ToLower(dir), "test")
		}) {
			out[f.Path] = true
			continue
		}
		if !bytes.Contains(f.Content, []byte(`"testing"`)) {
			continue // only a file that names the package needs its imports read
		}
		ast, err := parser.ParseFile(token.NewFileSet(), f.Path, f.Content, parser.ImportsOnly)
		if err == nil && slices.ContainsFunc(ast.Imports, func(i *goast.ImportSpec) bool { return i.Path.Value == `"testing"` }) {
			out[f.Path] = true
		}
	}
	return out
}
