package migrationlock_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/analyzers/migrationlock"
)

// TestModuleKeyCoversSplittingRunners checks that the module key, which
// go vet's cache keys results on, changes when a runner that splits its
// migrations on ; changes, though it sets no lock_timeout: whether it
// splits decides which statements are reported.
func TestModuleKeyCoversSplittingRunners(t *testing.T) {
	root := t.TempDir()
	write := func(name, content string) {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(root, name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(root, name), []byte(content), 0o644))
	}
	write("go.mod", "module example.com/m\n")
	write("migrations/0001_jobs.up.sql", "CREATE TABLE jobs (id int);\n")
	key := func() string {
		var b bytes.Buffer
		migrationlock.ModuleKey(&b, root)
		return b.String()
	}
	runner := "package m\n\nimport \"strings\"\n\nfunc run(exec func(string) error, body string) {\n\tfor _, s := range strings.Split(body, \";\") {\n\t\texec(s)\n\t}\n}\n"
	write("migrate.go", runner)
	before := key()
	write("migrate.go", runner+"\n// the loop is changed below\n")
	require.NotEqual(t, before, key(), "editing a runner that splits its migrations changes the key")
}
