package ormsql

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestQueryFileDirs(t *testing.T) {
	root := t.TempDir()
	outside := filepath.Join(root, "gopath", "src", "p")
	mod := filepath.Join(root, "mod")
	pkg := filepath.Join(mod, "internal", "store")
	for _, d := range []string{outside, pkg} {
		require.NoError(t, os.MkdirAll(d, 0o755))
	}
	require.NoError(t, os.WriteFile(filepath.Join(mod, "go.mod"), []byte("module m\n"), 0o644))

	require.Equal(t, []string{pkg, filepath.Join(mod, "internal"), mod}, queryFileDirs(pkg), "up to the module root, not above it")
	require.Equal(t, []string{mod}, queryFileDirs(mod))
	require.Equal(t, []string{outside}, queryFileDirs(outside), "outside a module, the package's directory only")
}
