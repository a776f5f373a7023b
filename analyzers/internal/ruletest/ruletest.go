// Package ruletest runs a jobqlint analyzer over analysistest packages whose
// findings may sit in .sql files as well as in Go.
//
// A rule's testdata/src holds one directory per design, with its Go code and
// its migrations side by side (outside module mode, the package directory
// is the schema root). Go expectations are analysistest's `// want "re"`
// comments; SQL expectations are `-- want "re"` comments on the line of the
// finding (`# want "re"` in a sqlc.yaml). pgx is provided by stubs (testdata/src/github.com/jackc/pgx/v5)
// with pgx's own names and signatures.
package ruletest

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/jobqlint/jobqlint/analyzers/rule"
)

// Run copies the calling test's testdata/src and the pgx stubs into a
// temporary GOPATH, and runs analysistest there on the given packages,
// checking SQL expectations as well.
func Run(t *testing.T, a *analysis.Analyzer, pkgs ...string) []*analysistest.Result {
	t.Helper()
	gopath := GOPATH(t)
	rec := &recorder{t: t}
	results := analysistest.Run(rec, gopath, a, pkgs...)
	rec.checkSQL(filepath.Join(gopath, "src"), pkgs)
	checkClauses(t, results)
	return results
}

// GOPATH copies the calling test's testdata/src and the pgx stubs into a
// temporary GOPATH and returns it.
func GOPATH(t *testing.T) string {
	t.Helper()
	rule.DetailInMessage = true // a want asserts the clause, where it ends, and the detail
	gopath := t.TempDir()
	copyTree(t, "testdata/src", filepath.Join(gopath, "src"))
	copyTree(t, filepath.Join(ownDir(), "testdata", "src"), filepath.Join(gopath, "src"))
	return gopath
}

// checkClauses fails the test for a message whose first clause is longer
// than rule.MaxClause characters.
func checkClauses(t *testing.T, results []*analysistest.Result) {
	t.Helper()
	for _, r := range results {
		for _, d := range r.Diagnostics {
			clause, _, _ := strings.Cut(d.Message, "\n")
			if n := utf8.RuneCountInString(clause); n > rule.MaxClause {
				t.Errorf("%s: the first clause has %d characters, more than %d: %s", r.Pass.Fset.Position(d.Pos), n, rule.MaxClause, clause)
			}
		}
	}
}

func ownDir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Dir(file)
}

func copyTree(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		dst := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// recorder passes analysistest's complaints on, except unexpected
// diagnostics in .sql files (and sqlc.yaml files), which it keeps to match
// against `-- want` (`# want`).
type recorder struct {
	t        *testing.T
	sqlDiags []sqlDiag
}

type sqlDiag struct {
	file string
	line int
	msg  string
}

var unexpected = regexp.MustCompile(`^(.+\.sql|.+/sqlc\.yaml):(\d+):\d+: unexpected diagnostic: ((?s:.*))$`)

func (r *recorder) Errorf(format string, args ...any) {
	r.t.Helper()
	msg := fmt.Sprintf(format, args...)
	if m := unexpected.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[2])
		r.sqlDiags = append(r.sqlDiags, sqlDiag{file: m[1], line: line, msg: m[3]})
		return
	}
	r.t.Errorf("%s", msg)
}

var (
	sqlWant  = regexp.MustCompile(`--\s*want\s+(.*)$`)
	yamlWant = regexp.MustCompile(`#\s*want\s+(.*)$`)
)

// checkSQL matches the diagnostics reported in .sql files with the
// `-- want "re"` comments of the packages' .sql files, one diagnostic per
// expectation.
func (r *recorder) checkSQL(src string, pkgs []string) {
	r.t.Helper()
	type key struct {
		file string
		line int
	}
	wants := map[key][]*regexp.Regexp{}
	for _, pkg := range pkgs {
		r.readWants(src, strings.TrimSuffix(pkg, "/..."), func(rel string, line int, rx *regexp.Regexp) {
			k := key{rel, line}
			wants[k] = append(wants[k], rx)
		})
	}
	for _, d := range r.sqlDiags {
		k := key{d.file, d.line}
		matched := false
		for i, rx := range wants[k] {
			if rx.MatchString(d.msg) {
				wants[k] = append(wants[k][:i], wants[k][i+1:]...)
				matched = true
				break
			}
		}
		if !matched {
			r.t.Errorf("%s:%d: unexpected diagnostic: %s", d.file, d.line, d.msg)
		}
	}
	for k, rxs := range wants {
		for _, rx := range rxs {
			r.t.Errorf("%s:%d: no diagnostic was reported matching %#q", k.file, k.line, rx)
		}
	}
}

// readWants reads the `-- want` expectations of the .sql files under
// src/dir, and the `# want` ones of their sqlc.yaml files.
func (r *recorder) readWants(src, dir string, add func(rel string, line int, rx *regexp.Regexp)) {
	r.t.Helper()
	filepath.WalkDir(filepath.Join(src, dir), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		want := sqlWant
		switch {
		case d.Name() == "sqlc.yaml":
			want = yamlWant
		case !strings.HasSuffix(path, ".sql"):
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		for i, line := range strings.Split(string(data), "\n") {
			m := want.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			for _, q := range regexp.MustCompile(`"(?:[^"\\]|\\.)*"|`+"`[^`]*`").FindAllString(m[1], -1) {
				pattern, err := strconv.Unquote(q)
				if err != nil {
					r.t.Errorf("%s:%d: bad want %s: %v", rel, i+1, q, err)
					continue
				}
				add(rel, i+1, regexp.MustCompile(pattern))
			}
		}
		return nil
	})
}
