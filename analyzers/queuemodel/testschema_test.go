package queuemodel

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/sqlcheck"
)

// Test scaffolding is a Go file under a directory whose name starts with
// "test", below the module root, or one that imports package testing; a
// directory that only contains "test" further in (contest), the module
// root's own name, and a file that names "testing" in a string are not.
func TestTestScaffolding(t *testing.T) {
	root := filepath.Join(t.TempDir(), "testbed")
	ddl := "const ddl = `CREATE TABLE outbox (id bigserial PRIMARY KEY)`\n"
	files := map[string]string{
		"go.mod":                          "module example.com/testbed\n",
		"internal/testsupport/pg/pg.go":   "package pg\n\n" + ddl,
		"internal/TestUtil/util.go":       "package testutil\n\n" + ddl,
		"dbhelper/db.go":                  "package dbhelper\n\nimport (\n\t\"context\"\n\t\"testing\"\n)\n\nvar _ = context.Background\nvar _ testing.TB\n\n" + ddl,
		"internal/contest/schema.go":      "package contest\n\n" + ddl,
		"store/schema.go":                 "package store\n\nconst note = `\"testing\"`\n\n" + ddl,
		"store/migrations/001_outbox.sql": "CREATE TABLE outbox (id bigserial PRIMARY KEY);\n",
	}
	for name, content := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	}
	got := testScaffolding(sqlcheck.ReadModule(root))
	var rel []string
	for p, ok := range got {
		if ok {
			r, err := filepath.Rel(root, p)
			require.NoError(t, err)
			rel = append(rel, filepath.ToSlash(r))
		}
	}
	require.ElementsMatch(t, []string{"internal/testsupport/pg/pg.go", "internal/TestUtil/util.go", "dbhelper/db.go"}, rel)
}
