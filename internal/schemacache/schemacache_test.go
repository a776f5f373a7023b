package schemacache

import (
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

type entry struct {
	Tables map[string][]string
	Note   string
}

func TestDir(t *testing.T) {
	t.Setenv(Env, "off")
	require.Empty(t, Dir(), "JOBQLINT_CACHE=off turns the cache off")
	t.Setenv(Env, "/some/where")
	require.Equal(t, "/some/where", Dir())
	t.Setenv(Env, "")
	t.Setenv("XDG_CACHE_HOME", "/xdg")
	require.Equal(t, "/xdg/jobqlint", Dir(), "the user cache directory by default")
	require.NotEmpty(t, toolID(), "a test binary is identified by its build ID")
}

func TestKey(t *testing.T) {
	a := Key("schema", []byte("migration 1"))
	require.Equal(t, a, Key("schema", []byte("migration 1")))
	require.NotEqual(t, a, Key("schema", []byte("migration 2")), "a changed source is another key")
	require.NotEqual(t, a, Key("statements", []byte("migration 1")))
	require.NotEqual(t, Key("schema", []byte("ab"), []byte("c")), Key("schema", []byte("a"), []byte("bc")), "parts are delimited")
}

func TestStoreLoad(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cache")
	key := Key("schema", []byte("x"))
	var got entry
	require.False(t, Load(dir, key, &got), "a miss in a directory that does not exist yet")
	want := entry{Tables: map[string][]string{"public.jobs": {"id", "status"}}, Note: "n"}
	require.NoError(t, Store(dir, key, want))
	require.True(t, Load(dir, key, &got))
	require.Equal(t, want, got)
	require.False(t, Load("", key, &got), "no directory, no cache")
	require.NoError(t, Store("", key, want))

	left, err := filepath.Glob(filepath.Join(dir, "*.tmp-*"))
	require.NoError(t, err)
	require.Empty(t, left, "no temporary file is left behind")
}

// A truncated, damaged or foreign entry is a miss; storing again repairs it.
func TestCorruptEntries(t *testing.T) {
	dir := t.TempDir()
	key := Key("schema", []byte("x"))
	want := entry{Tables: map[string][]string{"public.jobs": {"id"}}, Note: "n"}
	require.NoError(t, Store(dir, key, want))
	path := filepath.Join(dir, key)
	good, err := os.ReadFile(path)
	require.NoError(t, err)

	flipped := append([]byte(nil), good...)
	flipped[len(flipped)/3] ^= 0xff
	for name, data := range map[string][]byte{
		"empty":     {},
		"truncated": good[:len(good)-5],
		"flipped":   flipped,
		"foreign":   []byte("not an entry at all, but long enough to hold a checksum"),
	} {
		require.NoError(t, os.WriteFile(path, data, 0o644))
		var got entry
		require.False(t, Load(dir, key, &got), name)
		require.NoError(t, Store(dir, key, want))
		require.True(t, Load(dir, key, &got), name)
		require.Equal(t, want, got, name)
	}

	// A payload that passes the checksum but is not the type asked for.
	require.NoError(t, Store(dir, key, "a string"))
	var got entry
	require.False(t, Load(dir, key, &got))
}

// Processes of one go vet run write the same entry at once: once an entry
// is there, every reader finds it whole while others rewrite it.
func TestConcurrentWriters(t *testing.T) {
	dir := t.TempDir()
	key := Key("schema", []byte("x"))
	want := entry{Tables: map[string][]string{}, Note: string(make([]byte, 1<<20))}
	for i := range 50 {
		want.Tables[string(rune('a'+i%26))+string(rune('a'+i/26))] = []string{"id", "status", "run_at"}
	}
	require.NoError(t, Store(dir, key, want))
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for range 8 {
		wg.Go(func() {
			for range 10 {
				if err := Store(dir, key, want); err != nil {
					errs <- err
				}
			}
		})
		wg.Go(func() {
			for range 20 {
				var got entry
				if !Load(dir, key, &got) || len(got.Note) != len(want.Note) {
					t.Errorf("a reader missed the entry while it was rewritten")
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	var got entry
	require.True(t, Load(dir, key, &got))
	require.Equal(t, want, got)
	left, _ := filepath.Glob(filepath.Join(dir, "*.tmp-*"))
	require.Empty(t, left)
}
