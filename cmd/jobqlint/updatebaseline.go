package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// updateBaseline writes the findings of this run to the baseline at path,
// replacing it atomically (a temporary file beside it, then a rename), so
// that the file a run reads is never the one being written. Entries of
// rules that did not run (turned off by a flag or the configuration) are
// kept: a rule turned off for a while does not lose its accepted findings.
// Entries of rules that ran and no longer match a finding are stale: fixed,
// or changed beyond recognition; they are dropped and counted.
//
// An old baseline that cannot be read (a file truncated by a shell
// redirect) is replaced, with a warning.
func updateBaseline(path string, findings []finding, ran map[string]bool, stderr io.Writer) error {
	old, err := readBaseline(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		old = &baseline{path: path, entries: map[string]int{}}
	case err != nil:
		fmt.Fprintf(stderr, "jobqlint: -update-baseline: replacing a baseline that cannot be read: %v\n", err)
		old = &baseline{path: path, entries: map[string]int{}}
	}

	var entries []any
	left := make(map[string]int, len(old.entries))
	for k, n := range old.entries {
		left[k] = n
	}
	kept, added := 0, 0
	for _, f := range findings {
		if left[f.Fingerprint] > 0 {
			left[f.Fingerprint]--
			kept++
		} else {
			added++
		}
		entries = append(entries, toJSON(f))
	}
	notRun, stale := 0, 0
	for _, e := range old.raw {
		if ran[e.rule] {
			if left[e.fingerprint] > 0 {
				left[e.fingerprint]--
				stale++
			}
			continue
		}
		entries = append(entries, e.text)
		notRun++
	}
	if entries == nil {
		entries = []any{}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	if err := enc.Encode(entries); err != nil {
		return err
	}
	if err := writeAtomic(path, buf.Bytes()); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "jobqlint: baseline %s updated: %d finding(s), %d already in it, %d new; %d stale entr%s removed (no longer found); %d entr%s of rules that did not run kept\n",
		relPath(path), len(findings), kept, added, stale, plural(stale), notRun, plural(notRun))
	return nil
}

func plural(n int) string {
	if n == 1 {
		return "y"
	}
	return "ies"
}

// writeAtomic replaces path with data through a temporary file in the same
// directory and a rename.
func writeAtomic(path string, data []byte) error {
	mode := fs.FileMode(0o644)
	if info, err := os.Stat(path); err == nil {
		mode = info.Mode().Perm()
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // after a successful rename, there is nothing to remove
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(mode); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
