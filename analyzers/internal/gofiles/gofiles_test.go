package gofiles

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestPackagePath(t *testing.T) {
	root := filepath.FromSlash("/src/shop")
	p, ok := PackagePath(root, "example.com/shop", filepath.FromSlash("/src/shop/internal/store/store.go"))
	require.True(t, ok)
	require.Equal(t, "example.com/shop/internal/store", p)
	p, ok = PackagePath(root, "example.com/shop", filepath.FromSlash("/src/shop/main.go"))
	require.True(t, ok)
	require.Equal(t, "example.com/shop", p)
	_, ok = PackagePath(root, "example.com/shop", "relative/x.go")
	require.False(t, ok, "an absolute root and a relative file cannot be related")
}

func TestImports(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "x.go", `package x
import (
	"gorm.io/gorm"
	m "example.com/shop/models"
	_ "github.com/lib/pq"
)`, parser.ImportsOnly)
	require.NoError(t, err)
	require.Equal(t, map[string]string{"gorm": "gorm.io/gorm", "m": "example.com/shop/models", "_": "github.com/lib/pq"}, Imports(f))
}
