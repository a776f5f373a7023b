// Package schemacache keeps what jobqlint reads from a module's migrations
// (the replayed schema, the module's statements) in a content-addressed
// cache on disk. Under go vet every package is its own process: without it,
// each would replay the same migrations again, and so would every run.
//
// Entries live in os.UserCacheDir()/jobqlint, or in the directory that
// JOBQLINT_CACHE names; JOBQLINT_CACHE=off turns the cache off. An entry's
// key is a hash of what it was computed from and of jobqlint's own build
// (see Key), so a changed migration or another jobqlint misses and nothing
// is ever invalidated by hand. Entries are written to a temporary file and
// renamed into place, so that concurrent processes see a whole entry or
// none; an entry that does not decode (truncated, corrupted, an older
// format) is a miss and is rewritten.
package schemacache

import (
	"bytes"
	"crypto/sha256"
	"debug/elf"
	"encoding/gob"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
)

// Env names the environment variable that sets the cache directory.
const Env = "JOBQLINT_CACHE"

// Dir returns the cache directory, or "" when the cache is off: when
// JOBQLINT_CACHE is "off", when it is unset and the user has no cache
// directory, or when the running executable cannot be identified.
func Dir() string {
	switch d := os.Getenv(Env); {
	case d == "off" || toolID() == "":
		// Off, or no way to tell this build's entries from another's.
		return ""
	case d == "":
		base, err := os.UserCacheDir()
		if err != nil {
			return ""
		}
		return filepath.Join(base, "jobqlint")
	default:
		return d
	}
}

// Key returns the key of an entry computed from parts by this build of
// jobqlint.
func Key(kind string, parts ...[]byte) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00", format, toolID())
	fmt.Fprintf(h, "%s\x00", kind)
	for _, p := range parts {
		fmt.Fprintf(h, "%d\x00", len(p))
		h.Write(p)
	}
	return kind + "-" + hex.EncodeToString(h.Sum(nil))
}

// format changes when the encoding of entries does.
const format = "jobqlint-cache-1"

// Load decodes the entry key of dir into v. It reports whether it did: a
// missing entry, or one that does not decode, is a miss.
func Load(dir, key string, v any) bool {
	if dir == "" {
		return false
	}
	data, err := os.ReadFile(filepath.Join(dir, key))
	if err != nil {
		return false
	}
	// An entry is its payload followed by the payload's SHA-256: a
	// truncated or damaged file fails the check before gob sees it.
	if len(data) < sha256.Size {
		return false
	}
	payload, sum := data[:len(data)-sha256.Size], data[len(data)-sha256.Size:]
	if got := sha256.Sum256(payload); !bytes.Equal(got[:], sum) {
		return false
	}
	return gob.NewDecoder(bytes.NewReader(payload)).Decode(v) == nil
}

// Store writes v as the entry key of dir. Concurrent writers of one key
// write the same content; the last rename wins and readers never see a
// partial file.
func Store(dir, key string, v any) error {
	if dir == "" {
		return nil
	}
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(v); err != nil {
		return err
	}
	sum := sha256.Sum256(buf.Bytes())
	buf.Write(sum[:])
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, key+".tmp-*")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(buf.Bytes())
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), filepath.Join(dir, key)); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
}

// toolID identifies this build of jobqlint: the Go build ID of the running
// executable (which changes with any change to its code or its
// dependencies), read from the ELF note the linker writes; elsewhere, or
// when it cannot be read, the executable's path, size and modification
// time.
var toolID = sync.OnceValue(func() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	if f, err := elf.Open(exe); err == nil {
		defer f.Close()
		if s := f.Section(".note.go.buildid"); s != nil {
			// The note's header (name size, description size, type), its
			// name "Go\x00\x00", then the build ID.
			if data, err := s.Data(); err == nil && len(data) > 16 {
				n := int(f.ByteOrder.Uint32(data[4:8]))
				if 16+n <= len(data) {
					return "buildid:" + string(data[16:16+n])
				}
			}
		}
	}
	info, err := os.Stat(exe)
	if err != nil {
		return ""
	}
	return fmt.Sprintf("exe:%s:%d:%d", exe, info.Size(), info.ModTime().UnixNano())
})
