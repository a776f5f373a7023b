package directive

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers/ignore"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/analyzers/rule"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

//go:embed rule.txtar
var record []byte

// Rule is the directive rule: its documentation record and its analyzer.
var Rule = rule.New(record, &analysis.Analyzer{
	Requires: []*analysis.Analyzer{queuemodel.Analyzer},
	Run:      run,
})

// Analyzer reports the directive rule's findings.
var Analyzer = Rule.Analyzer

func run(pass *analysis.Pass) (any, error) {
	m := pass.ResultOf[queuemodel.Analyzer].(*queuemodel.Model)
	// The model's files: none for the standard library and other modules,
	// which go vet analyzes for facts only.
	for cur := range m.Inspector().Root().Preorder((*ast.File)(nil)) {
		f := cur.Node().(*ast.File)
		name := pass.Fset.File(f.Pos()).Name()
		abs, err := filepath.Abs(name)
		if err != nil || !strings.HasSuffix(abs, ".go") {
			continue
		}
		for _, d := range ignore.InGoFile(pass.Fset, f, abs) {
			check(pass, d, d.Pos)
		}
		for _, c := range ignore.Spaced(f) {
			pass.Report(analysis.Diagnostic{
				Pos: c.Pos(),
				Message: "// jobqlint:ignore does nothing: with a space after // it is a comment, not a directive\n" +
					fmt.Sprintf("%q suppresses no finding; write //jobqlint:ignore RULE reason, with no space, as //go: and //nolint: directives are written", c.Text),
			})
		}
	}
	// Directives in migrations: one package reports them, the one that
	// reports the schema's own problems (see sqlsyntax).
	if !m.ReportsSchemaProblems() {
		return nil, nil
	}
	for _, file := range schemaFiles(m.ModuleRoot()) {
		content, err := os.ReadFile(file)
		if err != nil {
			continue
		}
		lines := sqlcheck.StatementLines(string(content))
		for _, d := range ignore.InText(file, content) {
			pos := m.Pos(sqlcheck.Loc{File: d.File, Offset: d.Offset, Line: d.Line, Col: 1})
			if !check(pass, d, pos) {
				continue
			}
			if !inStatement(lines, d.Target()) {
				what := fmt.Sprintf(" suppresses nothing: it applies to line %d, which holds no SQL statement", d.Target())
				pass.Report(analysis.Diagnostic{
					Pos: pos,
					Message: rule.DirectiveName(d, what) + what + "\n" +
						"a directive alone on its line applies to the next line, and a finding is reported at a statement; " +
						"move it onto the line of the finding, or just above it",
				})
			}
		}
	}
	return nil, nil
}

// check reports a directive that names no rule, an unknown rule, or gives
// no reason; it returns whether the directive is well formed.
func check(pass *analysis.Pass, d *ignore.Directive, pos token.Pos) bool {
	rules := rule.RuleSet()
	if len(d.Rules) == 0 {
		pass.Report(analysis.Diagnostic{
			Pos:     pos,
			Message: fmt.Sprintf("%s names no rule, so it suppresses nothing\nwrite jobqlint:ignore RULE reason, RULE one of %s", d.Text, strings.Join(rules, ", ")),
		})
		return false
	}
	ok := true
	for _, name := range d.Rules {
		if len(rules) > 0 && !slices.Contains(rules, name) {
			pass.Report(analysis.Diagnostic{
				Pos: pos,
				Message: fmt.Sprintf("%s: %q is not a jobqlint rule, so it suppresses nothing\nthe rules are %s",
					rule.DirectiveName(d, fmt.Sprintf(": %q is not a jobqlint rule, so it suppresses nothing", name)), name, strings.Join(rules, ", ")),
			})
			ok = false
		}
	}
	if strings.TrimSpace(d.Reason) == "" {
		pass.Report(analysis.Diagnostic{
			Pos: pos,
			Message: fmt.Sprintf("%s gives no reason\nwrite after the rule why its finding does not apply here (jobqlint:ignore %s REASON), "+
				"so that the next reader can judge it", d.Text, strings.Join(d.Rules, ",")),
		})
		ok = false
	}
	return ok
}

func inStatement(lines [][2]int, line int) bool {
	for _, l := range lines {
		if l[0] <= line && line <= l[1] {
			return true
		}
	}
	return false
}

// schemaFiles returns the .sql files the schema is read from: the -schema
// paths, or those discovered under the module root; read once per process.
func schemaFiles(root string) []string {
	key := root + "\x00" + strings.Join(queuemodel.SchemaFlag, "\x00")
	v, _ := files.LoadOrStore(key, new(filesOnce))
	f := v.(*filesOnce)
	f.once.Do(func() {
		var srcs []*sqlcheck.Source
		if len(queuemodel.SchemaFlag) > 0 {
			paths := make([]string, len(queuemodel.SchemaFlag))
			for i, p := range queuemodel.SchemaFlag {
				if !filepath.IsAbs(p) {
					p = filepath.Join(root, p)
				}
				paths[i] = p
			}
			srcs, _, _ = sqlcheck.FromPaths(paths)
		} else {
			srcs, _ = sqlcheck.Discover(root)
		}
		seen := map[string]bool{}
		for _, s := range srcs {
			if s.FromGo || !strings.HasSuffix(s.Path, ".sql") || seen[s.Path] {
				continue
			}
			seen[s.Path] = true
			if abs, err := filepath.Abs(s.Path); err == nil {
				f.paths = append(f.paths, abs)
			}
		}
	})
	return f.paths
}

type filesOnce struct {
	once  sync.Once
	paths []string
}

var files sync.Map
