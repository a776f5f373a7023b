// Package fuzzseed gathers the SQL of the repository's fixtures, to seed
// the fuzz targets: the content of every .sql file, and every Go string
// literal that reads like SQL, under the given directories.
package fuzzseed

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

var sqlWord = regexp.MustCompile(`(?i)^\s*(--[^\n]*\n\s*)*(select|insert|update|delete|with|create|alter|drop|prepare)\b`)

// SQL returns the fixtures' SQL texts under the directories, each once, in
// a stable order. Unreadable files are skipped: seeds are a start, not a
// requirement.
func SQL(dirs ...string) []string {
	seen := map[string]bool{}
	for _, dir := range dirs {
		filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return nil
			}
			switch {
			case strings.HasSuffix(path, ".sql"):
				if b, err := os.ReadFile(path); err == nil {
					seen[string(b)] = true
				}
			case strings.HasSuffix(path, ".go"):
				for _, s := range goSQL(path) {
					seen[s] = true
				}
			}
			return nil
		})
	}
	out := make([]string, 0, len(seen))
	for s := range seen {
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

func goSQL(path string) []string {
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	if err != nil {
		return nil
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		if s, err := strconv.Unquote(lit.Value); err == nil && sqlWord.MatchString(s) {
			out = append(out, s)
		}
		return true
	})
	return out
}
