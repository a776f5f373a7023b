package rule

import (
	"fmt"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// GoPositionsOnly makes every finding sit in a Go file: a finding in a
// migration (a .sql file) moves to a Go position of the package that
// reports it, and its message starts with where it really is
// ("migrations/001_jobs.sql:11:17: ..."). The golangci-lint plugin sets it,
// because golangci-lint v2.15.0 drops every issue outside .go files (its
// invalid_issue processor). Suggested fixes of moved findings are dropped:
// their edits are in the other file.
var GoPositionsOnly bool

// toGo moves a finding outside Go files to the first related position in a
// Go file, or else to the package's first statement on a queue table whose
// schema it reports. Without such a position it stays where it is.
func (s *session) toGo(d analysis.Diagnostic) analysis.Diagnostic {
	p := s.pass.Fset.Position(d.Pos)
	if !p.IsValid() || strings.HasSuffix(p.Filename, ".go") {
		return d
	}
	var anchor analysis.Diagnostic
	found := false
	for _, r := range d.Related {
		if strings.HasSuffix(s.pass.Fset.Position(r.Pos).Filename, ".go") {
			anchor.Pos, found = r.Pos, true
			break
		}
	}
	if !found && s.model != nil {
	calls:
		for _, c := range s.model.Calls {
			for _, st := range c.Stmts {
				if qt := s.model.Tables[st.Table]; qt != nil && s.model.ReportsSchemaOf(qt) {
					anchor.Pos, found = c.Pos(), true
					break calls
				}
			}
		}
	}
	if !found {
		return d
	}
	file := p.Filename
	if s.model != nil {
		if rel, err := filepath.Rel(s.model.ModuleRoot(), file); err == nil && !strings.HasPrefix(rel, "..") {
			file = filepath.ToSlash(rel)
		}
	}
	d.Message = fmt.Sprintf("%s:%d:%d: %s", file, p.Line, p.Column, d.Message)
	d.Pos, d.End = anchor.Pos, 0
	d.SuggestedFixes = nil
	return d
}
