package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/jobqlint/jobqlint/analyzers"
)

// fingerprints sets each finding's fingerprint: a hash of its rule, its
// file relative to root (the repository), its message and the text of its
// line, not the line number, so that it survives lines moving; identical
// ones in a file are told apart by their order ("…:2"). SARIF's
// partialFingerprints and -baseline use it.
func fingerprints(findings []finding, root string) {
	cols := newColumns()
	seen := map[string]int{}
	for i := range findings {
		f := &findings[i]
		file := f.File
		if rel, err := filepath.Rel(root, file); err == nil && !strings.HasPrefix(rel, "..") {
			file = filepath.ToSlash(rel)
		}
		text := strings.TrimSpace(cols.line(f.File, f.Line))
		print := func(rule string) string {
			h := sha256.New()
			fmt.Fprintf(h, "%s\x00%s\x00%s\x00%s", rule, file, f.fullMessage(), text)
			key := hex.EncodeToString(h.Sum(nil))[:32]
			seen[key]++
			return fmt.Sprintf("%s:%d", key, seen[key])
		}
		f.Fingerprint = print(f.Rule)
		f.aliasPrints = nil
		if r := analyzers.Lookup(f.Rule); r != nil {
			for _, a := range r.Aliases {
				f.aliasPrints = append(f.aliasPrints, print(a))
			}
		}
	}
}

// repoRoot is the root of the git work tree that holds the working
// directory, else the working directory.
func repoRoot() string {
	wd, err := os.Getwd()
	if err != nil {
		return "."
	}
	for d := wd; ; {
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return wd
		}
		d = parent
	}
}

// A baseline is the findings a team accepted: an earlier -format json
// output.
type baseline struct {
	path    string
	entries map[string]int // fingerprint -> count
	total   int
	// raw holds each entry as written, with its rule, for
	// -update-baseline, which keeps the entries of rules that did not run.
	raw []rawEntry
}

type rawEntry struct {
	rule, fingerprint string
	text              json.RawMessage
}

func readBaseline(path string) (*baseline, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var list []json.RawMessage
	if err := json.Unmarshal(data, &list); err != nil {
		return nil, fmt.Errorf("%s: not jobqlint -format json output (%w); regenerate it with jobqlint -update-baseline", path, err)
	}
	b := &baseline{path: path, entries: map[string]int{}}
	for i, text := range list {
		var f jsonFinding
		if err := json.Unmarshal(text, &f); err != nil || f.Fingerprint == "" {
			return nil, fmt.Errorf("%s: entry %d has no fingerprint; regenerate it with jobqlint -update-baseline", path, i+1)
		}
		b.entries[f.Fingerprint]++
		b.total++
		b.raw = append(b.raw, rawEntry{rule: f.Rule, fingerprint: f.Fingerprint, text: text})
	}
	return b, nil
}

// filter drops the findings the baseline holds, and says on stderr how many
// it hid and how many of its entries no longer match a finding (stale:
// fixed, or changed beyond recognition).
func (b *baseline) filter(findings []finding, stderr io.Writer) []finding {
	left := make(map[string]int, len(b.entries))
	for k, n := range b.entries {
		left[k] = n
	}
	var out []finding
	hidden := 0
next:
	for _, f := range findings {
		for _, fp := range append([]string{f.Fingerprint}, f.aliasPrints...) {
			if left[fp] > 0 {
				left[fp]--
				hidden++
				continue next
			}
		}
		out = append(out, f)
	}
	stale := 0
	for _, n := range left {
		stale += n
	}
	fmt.Fprintf(stderr, "jobqlint: baseline %s: %d of %d finding(s) hidden, %d new; %d stale baseline entr%s (no longer found)\n",
		relPath(b.path), hidden, len(findings), len(out), stale, plural(stale))
	return out
}
