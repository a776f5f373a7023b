package automigrate

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// The models handed to GORM's AutoMigrate and CreateTable across the
// module: composite literals, new, a typed nil, a slice literal in a
// package variable, a handle a command got from the module's GORM
// package; not a slice that is appended to, not a package that does not
// import GORM and got its receiver elsewhere, not a test file.
func TestModels(t *testing.T) {
	got := Of("testdata/shop", "")
	require.Equal(t, Models{
		{"example.com/shop/models", "Batch"},
		{"example.com/shop/models", "Inbox"},
		{"example.com/shop/models", "Job"},
		{"example.com/shop/models", "Lease"},
		{"example.com/shop/models", "Local"},
		{"example.com/shop/models", "Outbox"},
		{"example.com/shop/models", "Worker"},
	}, got)
	require.True(t, got.Has("example.com/shop/models", "Job"))
	require.False(t, got.Has("example.com/shop/models", "Skipped"))
	require.False(t, got.Has("example.com/shop/models", "NotGorm"))
	// A command that does not import GORM: its handle came from conn,
	// which does; not from a wrapper with an AutoMigrate of its own, nor
	// from a package that has nothing to do with GORM.
	require.True(t, got.Has("example.com/shop/models", "Inbox"))
	require.False(t, got.Has("example.com/shop/models", "Wrapped"))
	require.False(t, got.Has("example.com/shop/models", "Plain"))
	require.False(t, got.Has("example.com/shop/models", "Reassigned"))
}

// The vet key changes when a migrated model changes, not when a comment
// does.
func TestKey(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.CopyFS(dir, os.DirFS("testdata/shop")))
	key := func() string {
		byRoot.Delete(dir + "\x00")
		var b bytes.Buffer
		Key(&b, dir)
		return b.String()
	}
	before := key()
	require.Contains(t, before, "Job")
	edit := func(from, to string) {
		p := filepath.Join(dir, "db", "db.go")
		content, err := os.ReadFile(p)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(p, bytes.Replace(content, []byte(from), []byte(to), 1), 0o644))
	}
	edit("func Migrate", "// Migrate creates the tables.\nfunc Migrate")
	require.Equal(t, before, key())
	edit("&models.Job{}", "&models.Task{}")
	require.NotEqual(t, before, key())
}
