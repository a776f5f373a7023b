// Package seedtest reads the `defect: RULE` markers of the seed fixtures
// (testdata/seedpr): the findings every driver must report there.
package seedtest

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/jobqlint/jobqlint/analyzers"
)

var markerRx = regexp.MustCompile(`(?://|--)\s*defect:\s*(\w+)`)

// Markers returns "file:line rule" for every marker of an implemented rule
// under dir, the line being the one below the marker, sorted.
func Markers(dir string) ([]string, error) {
	implemented := map[string]bool{}
	for _, a := range analyzers.All {
		implemented[a.Name] = true
	}
	var out []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(strings.HasSuffix(path, ".go") || strings.HasSuffix(path, ".sql")) {
			return err
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		rel, _ := filepath.Rel(dir, path)
		sc := bufio.NewScanner(f)
		for line := 1; sc.Scan(); line++ {
			if m := markerRx.FindStringSubmatch(sc.Text()); m != nil && implemented[m[1]] {
				out = append(out, fmt.Sprintf("%s:%d %s", filepath.ToSlash(rel), line+1, m[1]))
			}
		}
		return sc.Err()
	})
	sort.Strings(out)
	return out, err
}
