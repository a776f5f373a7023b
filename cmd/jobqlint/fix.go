package main

import (
	"fmt"
	"io"
	"os"
	"sort"
)

// applyAndReport applies every finding's first suggested fix, prints the
// findings that had none in the chosen format, and exits 3 if any remain.
func applyAndReport(findings []finding, write writer, stdout, stderr io.Writer) int {
	var (
		edits = map[string][]edit{}
		left  []finding
		fixed int
	)
	for _, f := range findings {
		if len(f.Fixes) == 0 {
			left = append(left, f)
			continue
		}
		fixed++
		for _, e := range f.Fixes[0].Edits {
			edits[e.File] = append(edits[e.File], e)
		}
	}
	for file, es := range edits {
		if err := applyEdits(file, es); err != nil {
			fmt.Fprintf(stderr, "jobqlint: -fix: %v\n", err)
			return exitError
		}
	}
	if fixed > 0 {
		fmt.Fprintf(stderr, "jobqlint: applied fixes for %d finding(s) in %d file(s)\n", fixed, len(edits))
	}
	if err := write(stdout, left); err != nil {
		fmt.Fprintf(stderr, "jobqlint: %v\n", err)
		return exitError
	}
	if len(left) > 0 {
		return exitFindings
	}
	return exitClean
}

// applyEdits rewrites a file with non-overlapping edits; identical edits
// (from the same fix found twice) are applied once.
func applyEdits(file string, es []edit) error {
	sort.Slice(es, func(i, j int) bool { return es[i].Start < es[j].Start })
	content, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	var out []byte
	pos := 0
	for i, e := range es {
		if i > 0 && e == es[i-1] {
			continue
		}
		if e.Start < pos || e.End > len(content) || e.End < e.Start {
			return fmt.Errorf("%s: conflicting or out-of-range edits at offset %d", file, e.Start)
		}
		out = append(out, content[pos:e.Start]...)
		out = append(out, e.NewText...)
		pos = e.End
	}
	out = append(out, content[pos:]...)
	info, err := os.Stat(file)
	if err != nil {
		return err
	}
	return os.WriteFile(file, out, info.Mode().Perm())
}
