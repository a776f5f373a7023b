package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/jobqlint/jobqlint/internal/newmigration"
)

// applyFixes applies the findings' fixes and returns the findings left.
// A fix to the schema (a column type, an index) is written as a new
// migration beside the one the finding is in: editing a migration a
// database has applied would never reach it. Other fixes edit files: the
// first fix of each finding.
func applyFixes(findings []finding, stderr io.Writer) ([]finding, error) {
	var (
		edits   = map[string][]edit{}
		left    []finding
		fixed   int
		created []string
		schemes = map[string]*newmigration.Scheme{}
		now     = time.Now()
	)
	for _, f := range findings {
		if m := migrationFix(f); m != nil {
			files, err := writeMigration(f, m, schemes, now)
			if err != nil {
				fmt.Fprintf(stderr, "jobqlint: -fix: %s: no new migration: %v\n", relPath(f.File), err)
				left = append(left, f)
				continue
			}
			created = append(created, files...)
			fixed++
			continue
		}
		if len(f.Fixes) == 0 || len(f.Fixes[0].Edits) == 0 {
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
			return nil, err
		}
	}
	if fixed > 0 {
		fmt.Fprintf(stderr, "jobqlint: applied fixes for %d finding(s) in %d file(s)\n", fixed, len(edits)+len(created))
	}
	for _, c := range created {
		fmt.Fprintf(stderr, "jobqlint: wrote %s\n", relPath(c))
	}
	return left, nil
}

// migrationFix returns a finding's fix that is a new migration, if any.
func migrationFix(f finding) *fix {
	for i := range f.Fixes {
		if f.Fixes[i].Migration != nil {
			return &f.Fixes[i]
		}
	}
	return nil
}

// writeMigration writes a fix as the next migration of the directory of
// the migration the finding is in.
func writeMigration(f finding, fx *fix, schemes map[string]*newmigration.Scheme, now time.Time) ([]string, error) {
	if !strings.HasSuffix(f.File, ".sql") {
		return nil, fmt.Errorf("the schema is in Go code; add this in a new migration: %s", fx.Migration.Up)
	}
	dir := filepath.Dir(f.File)
	s := schemes[dir]
	if s == nil {
		var err error
		if s, err = newmigration.Detect(dir); err != nil {
			return nil, err
		}
		schemes[dir] = s
	}
	return s.Write(fx.Migration, now)
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
