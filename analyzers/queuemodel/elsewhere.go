package queuemodel

import (
	"path/filepath"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/sqlcheck"
)

// A queue's reaper may live in a package of its own (a janitor, a
// handler's ticker) that neither imports the package that claims nor is
// imported by it: no fact joins them. Its UPDATE is among the module's
// statements (ModuleStatements, which ModuleKey covers under go vet), and
// the claim's package, which knows the queue's states, reads it there.

// A ReclaimElsewhere is an UPDATE of a Go file outside the package that
// puts the queue's claimed jobs whose lease expired back to a runnable
// state.
type ReclaimElsewhere struct {
	Stmt *sqlcheck.Stmt
	Path string // the Go file that holds it, relative to the module root
}

// ReclaimsElsewhere returns the reclaims of qt that Go files of the module
// outside the package hold: UPDATEs of the table that set its state column
// to one of its runnable states, filter it by claimed states only, and
// compare a column with the clock (locked_until < now()). The package's
// own statements are not among the module's (see ModuleStatements). A
// file of a directory whose own statements claim from the table is left
// out: that package models the queue itself and judges its reclaims.
// Statements of SQL files (whose package is not known) are left out too,
// and test files hold none of the module's statements.
func (m *Model) ReclaimsElsewhere(pass *analysis.Pass, qt *QueueTable) []ReclaimElsewhere {
	col := qt.StateColumn
	if col == "" || len(qt.Claimed) == 0 || len(qt.Runnable) == 0 {
		return nil
	}
	claimingDirs := map[string]bool{}
	var candidates []*sqlcheck.Stmt
	for _, s := range m.ModuleStatements() {
		if s.Origin == nil || s.Kind != sqlcheck.KindUpdate || s.Table != qt.Name {
			continue
		}
		abs, err := filepath.Abs(s.Origin.Path)
		if err != nil {
			continue
		}
		v, ok := s.Assigns(col)
		if !ok || v.Kind != sqlcheck.ValueConst {
			continue
		}
		switch {
		case slices.Contains(qt.Claimed, v.Str):
			claimingDirs[filepath.Dir(abs)] = true
		case slices.Contains(qt.Runnable, v.Str) && onlyClaimed(s, col, qt.Claimed) && expiresLease(s):
			candidates = append(candidates, s)
		}
	}
	var out []ReclaimElsewhere
	for _, s := range candidates {
		abs, _ := filepath.Abs(s.Origin.Path)
		if claimingDirs[filepath.Dir(abs)] {
			continue
		}
		rel, err := filepath.Rel(m.schema.root, abs)
		if err != nil {
			rel = abs
		}
		out = append(out, ReclaimElsewhere{Stmt: s, Path: filepath.ToSlash(rel)})
	}
	return out
}

// onlyClaimed reports whether a statement's filter on the state column
// admits claimed states only.
func onlyClaimed(s *sqlcheck.Stmt, col string, claimed []string) bool {
	states, ok := sqlcheck.FilterStates(s.Where, col)
	if !ok || states.Not || len(states.In) == 0 || len(states.Cond) > 0 {
		return false
	}
	for _, v := range states.In {
		if !slices.Contains(claimed, v) {
			return false
		}
	}
	return true
}

// AttemptsMentionedElsewhere reports whether a Go file of the module
// outside the package selects an attempt count or limit by name
// (job.Attempts, cfg.MaxAttempts): code there may compare a count the
// package's statements keep.
func (m *Model) AttemptsMentionedElsewhere(pass *analysis.Pass) bool {
	own := ownFiles(pass)
	for _, f := range moduleMentions(m.schema.root).files {
		if abs, err := filepath.Abs(f.path); err == nil && own[abs] {
			continue
		}
		if len(f.names) > 0 {
			return true
		}
	}
	return false
}

// ownFiles returns the absolute paths of the package's files.
func ownFiles(pass *analysis.Pass) map[string]bool {
	own := map[string]bool{}
	for _, f := range pass.Files {
		if abs, err := filepath.Abs(pass.Fset.File(f.Pos()).Name()); err == nil {
			own[abs] = true
		}
	}
	return own
}
