package rule

import (
	"fmt"
	"go/ast"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers/ignore"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// A session is one rule's run on one package: it suppresses the findings a
// directive covers, then reports the directives that are wrong.
type session struct {
	r       *Rule
	pass    *analysis.Pass
	model   *queuemodel.Model
	goFiles map[string]*ast.File // the package's Go files, by absolute path
	dirs    map[string][]*ignore.Directive
	// usedByAlias holds the directives that suppressed a finding of this
	// rule by naming one of its aliases and not its ID.
	usedByAlias map[directiveKey]bool
	// othersUsed holds the directives naming this rule's ID that a rule
	// with this ID as an alias used: they suppress something.
	othersUsed map[directiveKey]bool
}

func newSession(r *Rule, pass *analysis.Pass) *session {
	s := &session{r: r, pass: pass, goFiles: map[string]*ast.File{}, dirs: map[string][]*ignore.Directive{},
		usedByAlias: map[directiveKey]bool{}, othersUsed: r.aliasUses(pass)}
	s.model, _ = pass.ResultOf[queuemodel.Analyzer].(*queuemodel.Model)
	for _, f := range pass.Files {
		if abs, err := filepath.Abs(pass.Fset.File(f.Pos()).Name()); err == nil && strings.HasSuffix(abs, ".go") {
			s.goFiles[abs] = f
		}
	}
	return s
}

// directives returns a file's directives: from the comments of the
// package's Go files, and from the text of any other file a finding sits in
// (a migration, another package's Go file holding schema SQL).
func (s *session) directives(abs string) []*ignore.Directive {
	if ds, ok := s.dirs[abs]; ok {
		return ds
	}
	var ds []*ignore.Directive
	if f := s.goFiles[abs]; f != nil {
		ds = ignore.InGoFile(s.pass.Fset, f, abs)
	} else if content, err := os.ReadFile(abs); err == nil {
		ds = ignore.InText(abs, content)
	}
	s.dirs[abs] = ds
	return ds
}

func (s *session) report(d analysis.Diagnostic) {
	if p := s.pass.Fset.Position(d.Pos); p.IsValid() {
		lines := []int{p.Line}
		if call := s.literalCall(d.Pos); call.IsValid() {
			lines = append(lines, s.pass.Fset.Position(call).Line)
		}
		if abs, err := filepath.Abs(p.Filename); err == nil {
			for _, dir := range s.directives(abs) {
				for _, line := range lines {
					if dir.Covers(s.r.ID, line) {
						dir.Used = true
						return
					}
					for _, alias := range s.r.Aliases {
						if dir.Covers(alias, line) {
							dir.Used = true
							s.usedByAlias[directiveKey{dir.File, dir.Offset}] = true
							return
						}
					}
				}
			}
		}
	}
	s.emit(d)
}

// literalCall is, for a position inside a string literal argument of a
// call (a finding at a clause of the call's SQL), the call's position: a
// directive where the finding would stand without its clause, on the
// call's line or above it, still covers it, since a Go comment cannot
// stand inside the SQL. NoPos otherwise.
func (s *session) literalCall(pos token.Pos) token.Pos {
	for _, f := range s.pass.Files {
		if pos < f.FileStart || pos > f.FileEnd {
			continue
		}
		call, inLit := token.NoPos, false
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil || pos < n.Pos() || pos >= n.End() {
				return false
			}
			switch n := n.(type) {
			case *ast.CallExpr:
				if pos > n.Lparen {
					call = n.Pos()
				}
			case *ast.BasicLit:
				inLit = n.Kind == token.STRING
				return false
			}
			return true
		})
		if !inLit {
			return token.NoPos
		}
		return call
	}
	return token.NoPos
}

// checkDirectives reports, among the directives that name this rule, those
// that suppressed nothing (malformed ones are the directive rule's), only where
// this package is the one that would have reported the finding, because
// under go vet each package is analyzed alone and a schema finding is
// reported by one package only. Where that cannot be told, it stays silent.
func (s *session) checkDirectives() {
	own := s.schemaOwnership()
	for _, abs := range slices.Sorted(maps.Keys(s.goFiles)) {
		for _, d := range s.directives(abs) {
			if !d.Names(s.r.ID) || d.Used || s.othersUsed[directiveKey{d.File, d.Offset}] {
				continue
			}
			if schemaLiterals(s.pass.Fset, s.goFiles[abs], d.Target()) && !own.covers(d) {
				continue // schema SQL in Go: reported by the package that claims from the table
			}
			s.reportUnused(d)
		}
	}
	for _, abs := range own.files() {
		if s.goFiles[abs] != nil || !strings.HasSuffix(abs, ".sql") {
			continue
		}
		for _, d := range s.directives(abs) {
			if own.covers(d) && d.Names(s.r.ID) && !d.Used && !s.othersUsed[directiveKey{d.File, d.Offset}] {
				s.reportUnused(d)
			}
		}
	}
}

// emit reports a finding, in a Go file when GoPositionsOnly asks for it.
func (s *session) emit(d analysis.Diagnostic) {
	if GoPositionsOnly {
		d = s.toGo(d)
	}
	s.r.emit(s.pass, d)
}

func (s *session) pos(d *ignore.Directive) token.Pos {
	if d.Pos.IsValid() {
		return d.Pos
	}
	return s.model.Pos(sqlcheck.Loc{File: d.File, Offset: d.Offset, Line: d.Line, Col: 1})
}

// DirectiveName is a directive as a first clause names it, before rest:
// as written, or, when its reason would make the clause longer than
// MaxClause characters, by its rules alone.
func DirectiveName(d *ignore.Directive, rest string) string {
	if utf8.RuneCountInString(d.Text+rest) <= MaxClause {
		return d.Text
	}
	return strings.TrimSpace("jobqlint:ignore " + strings.Join(d.Rules, ","))
}

func (s *session) reportUnused(d *ignore.Directive) {
	diag := analysis.Diagnostic{
		Pos: s.pos(d),
		Message: fmt.Sprintf("%s suppresses nothing\nno %s finding on the line it applies to (its own line, or the next when it stands alone); remove it, or move it to the finding's line or the line above",
			DirectiveName(d, " suppresses nothing"), s.r.ID),
	}
	if len(d.Rules) == 1 && d.Cut[1] > d.Cut[0] {
		// Removing it is mechanical; a directive that names other rules
		// too may still serve them.
		from, to := s.offsetPos(d, d.Cut[0]), s.offsetPos(d, d.Cut[1])
		if from.IsValid() && to.IsValid() {
			diag.SuggestedFixes = []analysis.SuggestedFix{{
				Message:   "remove " + d.Text,
				TextEdits: []analysis.TextEdit{{Pos: from, End: to}},
			}}
		}
	}
	s.emit(diag)
}

// offsetPos is the position of a byte offset in a directive's file.
func (s *session) offsetPos(d *ignore.Directive, offset int) token.Pos {
	if d.Pos.IsValid() {
		tf := s.pass.Fset.File(d.Pos)
		if tf == nil || offset > tf.Size() {
			return token.NoPos
		}
		return tf.Pos(offset)
	}
	return s.model.Pos(sqlcheck.Loc{File: d.File, Offset: offset})
}

// schemaWord finds CREATE or ALTER as a word: created_at is a column.
var schemaWord = regexp.MustCompile(`(?i)\b(create|alter)\b`)

// schemaLiterals reports whether a string literal that may hold schema SQL
// (CREATE or ALTER) spans line. Such SQL is part of the module's schema,
// whose findings another package may report.
func schemaLiterals(fset *token.FileSet, f *ast.File, line int) bool {
	found := false
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.BasicLit)
		if found || !ok || lit.Kind != token.STRING {
			return !found
		}
		from, to := fset.Position(lit.Pos()).Line, fset.Position(lit.End()).Line
		if from <= line && to >= line && schemaWord.MatchString(lit.Value) {
			found = true
		}
		return false
	})
	return found
}
