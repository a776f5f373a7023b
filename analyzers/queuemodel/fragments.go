package queuemodel

import (
	"fmt"
	"go/scanner"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/sqlcheck"
)

// A reaper built by an ORM or a query builder in another package (go-pg's
// Where(`"started_at" < ?`, cutoff), bun's, squirrel's) leaves no
// statement in the module's SQL text: only fragments, which the module's
// statements (see ModuleStatements) cannot make a statement of, and which
// the package that claims cannot see when the reaper's package imports it
// (facts flow the other way). A fragment that compares a column with a
// bound value or the clock ("started_at" < ?, locked_until <= now()) is
// where such a reaper selects expired leases: a package that finds one
// for its lease column in another package's file cannot conclude that
// nothing takes the leases back. The fragments are read from the module's
// non-test Go files and ModuleKey covers them.

// fragmentCompare finds a fragment that compares a column, bare or
// quoted, qualified or not, with a bound value or the clock, with the
// column on the smaller side: "started_at" < ?, j.locked_until <= $2,
// lease_expires_at < now().
var fragmentCompare = regexp.MustCompile(`(?i)(?:^|[\s(,])(?:"?\w+"?\.)?"?([a-z_][a-z0-9_]*)"?\s*<=?\s*(?:\?|\$\d+|now\(\)|current_timestamp|clock_timestamp\(\)|statement_timestamp\(\)|transaction_timestamp\(\))`)

// fragments is, for each non-test Go file of a module, the columns its
// SQL fragments compare with a bound value or the clock.
type fragments struct {
	once  sync.Once
	files []fileFragments
}

type fileFragments struct {
	path    string
	columns []string // lower case, sorted, once each
}

var fragmentsByRoot sync.Map // module root -> *fragments

// moduleFragments reads the comparisons of the module's Go string
// literals that are no statement of their own (see fragmentCompare).
func moduleFragments(root string) *fragments {
	v, _ := fragmentsByRoot.LoadOrStore(root, new(fragments))
	fs := v.(*fragments)
	fs.once.Do(func() {
		for _, path := range sqlcheck.GoFiles(root) {
			if strings.HasSuffix(path, "_test.go") {
				continue // a test's fixture runs in no worker
			}
			content, err := os.ReadFile(path)
			if err != nil {
				continue
			}
			if cols := fragmentColumns(content); len(cols) > 0 {
				fs.files = append(fs.files, fileFragments{path: path, columns: cols})
			}
		}
	})
	return fs
}

// fragmentColumns returns the columns the file's string literals compare
// (see fragmentCompare), leaving out literals that are whole statements:
// those are among the module's statements, read as such.
func fragmentColumns(content []byte) []string {
	var s scanner.Scanner
	fset := token.NewFileSet()
	s.Init(fset.AddFile("", -1, len(content)), content, nil, 0)
	var cols []string
	for {
		_, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		if tok != token.STRING {
			continue
		}
		text, err := strconv.Unquote(lit)
		if err != nil || statementStart.MatchString(text) {
			continue
		}
		for _, m := range fragmentCompare.FindAllStringSubmatch(text, -1) {
			cols = append(cols, strings.ToLower(m[1]))
		}
	}
	slices.Sort(cols)
	return slices.Compact(cols)
}

// statementStart matches the text of a whole statement.
var statementStart = regexp.MustCompile(`(?i)^\s*(select|update|delete|insert|with|create|alter)\b`)

// ComparedElsewhere reports whether a non-test Go file of the module
// outside the package holds a SQL fragment that compares col with a bound
// value or the clock: a condition an ORM or a builder there may select
// expired leases by.
func (m *Model) ComparedElsewhere(pass *analysis.Pass, col string) bool {
	col = strings.ToLower(col)
	own := map[string]bool{}
	for _, f := range pass.Files {
		if abs, err := filepath.Abs(pass.Fset.File(f.Pos()).Name()); err == nil {
			own[abs] = true
		}
	}
	for _, f := range moduleFragments(m.schema.root).files {
		if abs, err := filepath.Abs(f.path); err == nil && own[abs] {
			continue
		}
		if _, found := slices.BinarySearch(f.columns, col); found {
			return true
		}
	}
	return false
}

// fragmentsKey writes what ComparedElsewhere reads (see ModuleKey).
func fragmentsKey(w io.Writer, root string) {
	for _, f := range moduleFragments(root).files {
		for _, col := range f.columns {
			fmt.Fprintf(w, "fragment\x00%s\x00%s\x00", f.path, col)
		}
	}
}
