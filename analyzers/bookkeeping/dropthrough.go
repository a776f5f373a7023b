package bookkeeping

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

// Dropped errors of interface methods whose implementations only a
// command wires.
//
// A worker package often declares the interface it needs of a store
// (runStore), and only cmd/worker imports both it and the store that
// implements it: the worker's package cannot tell what its
// `_ = store.Complete(ctx, t.ID)` drops. It hands such calls on, as a
// DroppedThrough fact, and a command that knows of implementations of the
// method (queuemodel's Implements) judges them as checkDiscarded judges a
// call of a store it sees: every implementation passes on the error of a
// completion (queuemodel.Jobs.Passes), and a claim runs before the call
// (one in sight, or an interface method called before it that every
// implementation makes a claim). Implementations that disagree, or none
// in sight, leave the call unjudged. Several commands that wire the same
// worker report the same finding, which the standalone driver prints once.
// go vet hands a package the facts of its direct imports only, and a
// command often reaches the worker through a wiring package: so each
// package's fact lists its imports' calls too.

// DroppedThrough is the package fact listing the calls of the module's
// interface methods whose error the package, or a package it imports,
// drops and whose implementations that package does not see.
type DroppedThrough struct{ Calls []DroppedCall }

// A DroppedCall is one such call.
type DroppedCall struct {
	Method queuemodel.Dispatch
	// File, Line and Column say where the call is; File is absolute.
	File         string
	Line, Column int
	// Success says the call records success when the method may record
	// several outcomes: it gives a state that says success, or runs only
	// once the job's work returned no error.
	Success bool
	// Claimed says a claim in sight runs before the call; Before lists
	// the interface methods out of sight called before it (in its
	// function or in a caller of the package), one of which may claim.
	Claimed bool
	Before  []queuemodel.Dispatch
}

func (*DroppedThrough) AFact() {}

func (f *DroppedThrough) String() string {
	var parts []string
	for _, c := range f.Calls {
		parts = append(parts, fmt.Sprintf("%s at %s:%d", c.Method, filepath.Base(c.File), c.Line))
	}
	return "drops " + strings.Join(parts, ", ")
}

// exportDroppedThrough hands on the package's dropped calls of interface
// methods none of whose implementations it knows of, with those its
// imports hand on.
func (s *summary) exportDroppedThrough(files []*ast.File) {
	if s.pass.Pkg.Name() == "main" {
		return // no one imports a command: it judges what it is handed
	}
	calls := s.importedDroppedThrough()
	seen := map[*ast.CallExpr]bool{}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			call := droppedCall(s, n)
			if call == nil || seen[call] || !s.returnsError(call) {
				return true
			}
			seen[call] = true // a blank assignment's call, met again as itself
			d, ok := s.m.DispatchOf(call)
			if !ok {
				return true
			}
			if _, known := s.m.Dispatched(d); known {
				return true // judged here (checkDiscarded)
			}
			at := s.e.Call(call)
			if at == nil {
				return true
			}
			success, given := s.constantState(call)
			pos := s.pass.Fset.Position(call.Pos())
			file, err := filepath.Abs(pos.Filename)
			if err != nil {
				return true
			}
			// As checkDiscarded does, a write of several outcomes records
			// the state the call gives it, or success where it runs only
			// once the work succeeded.
			c := DroppedCall{Method: d, File: file, Line: pos.Line, Column: pos.Column,
				Success: success || !given && effects.AfterSuccess(at), Claimed: s.afterClaim(call)}
			if !c.Claimed {
				c.Before = s.dispatchesBefore(at, map[*ssa.Function]bool{})
			}
			calls = append(calls, c)
			return true
		})
	}
	if len(calls) > 0 {
		s.pass.ExportPackageFact(&DroppedThrough{Calls: calls})
	}
}

// importedDroppedThrough returns the calls the package's direct imports
// hand on, each once, in the order of their positions.
func (s *summary) importedDroppedThrough() []DroppedCall {
	var calls []DroppedCall
	for _, imp := range s.pass.Pkg.Imports() {
		var f DroppedThrough
		if s.pass.ImportPackageFact(imp, &f) {
			calls = append(calls, f.Calls...)
		}
	}
	slices.SortFunc(calls, func(a, b DroppedCall) int {
		return cmp.Or(strings.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Column, b.Column))
	})
	return slices.CompactFunc(calls, func(a, b DroppedCall) bool {
		return a.File == b.File && a.Line == b.Line && a.Column == b.Column
	})
}

// droppedCall returns the call a node drops the error of, as
// checkDiscarded finds them: a call made as a statement, one assigned to
// blanks only, or a call of an interface method whose error is
// overwritten unread (asked on SSA only of those).
func droppedCall(s *summary, n ast.Node) *ast.CallExpr {
	switch n := n.(type) {
	case *ast.ExprStmt:
		call, _ := ast.Unparen(n.X).(*ast.CallExpr)
		return call
	case *ast.AssignStmt:
		if len(n.Rhs) == 1 && allBlank(n.Lhs) {
			call, _ := ast.Unparen(n.Rhs[0]).(*ast.CallExpr)
			return call
		}
	case *ast.CallExpr:
		if _, ok := s.m.DispatchOf(n); ok && s.e.DroppedError(s.e.Call(n)) {
			return n
		}
	}
	return nil
}

// dispatchesBefore returns the calls of the module's interface methods
// whose implementations the package does not see that run before at: in
// its function, or in a caller of the package before the call that
// reaches it.
func (s *summary) dispatchesBefore(at ssa.Instruction, seen map[*ssa.Function]bool) []queuemodel.Dispatch {
	fn := at.Parent()
	if seen[fn] {
		return nil
	}
	seen[fn] = true
	var out []queuemodel.Dispatch
	if syntax := fn.Syntax(); syntax != nil {
		ast.Inspect(syntax, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			d, ok := s.m.DispatchOf(call)
			if !ok || slices.Contains(out, d) {
				return true
			}
			if c := s.e.Call(call); c != nil && c.Parent() == fn && effects.Reaches(c, at, nil) {
				out = append(out, d)
			}
			return true
		})
	}
	for _, k := range s.e.CallersOf(fn) {
		for _, d := range s.dispatchesBefore(k, seen) {
			if !slices.Contains(out, d) {
				out = append(out, d)
			}
		}
	}
	return out
}

// judgeDroppedThrough reports, in a command, the dropped calls its imports
// hand on whose method every implementation the command knows of passes
// on the error of a completion, after a claim.
func (s *summary) judgeDroppedThrough() {
	if s.pass.Pkg.Name() != "main" {
		return
	}
	for _, c := range s.importedDroppedThrough() {
		// No implementation in sight, or implementations that
		// disagree, pass on no outcome's error here.
		j, _ := s.m.Dispatched(c.Method)
		if j.Passes&queuemodel.OutcomeSuccess == 0 || j.Passes != queuemodel.OutcomeSuccess && !c.Success {
			continue
		}
		if !c.Claimed && !slices.ContainsFunc(c.Before, func(d queuemodel.Dispatch) bool {
			b, _ := s.m.Dispatched(d)
			return b.Claims
		}) {
			continue
		}
		if pos := positionIn(s.pass.Fset, c.File, c.Line, c.Column); pos.IsValid() {
			s.pass.Report(analysis.Diagnostic{Pos: pos, Message: msgDiscarded})
		}
	}
}

// added holds the files positionIn added to each file set.
var added struct {
	sync.Mutex
	files map[*token.FileSet]map[string]*token.File
}

// positionIn returns the position of a line and column of a Go file of
// another package: a command that judges it has only that package's
// export data, so the file is added to the file set from disk (as the
// queue model adds migrations).
func positionIn(fset *token.FileSet, path string, line, col int) token.Pos {
	added.Lock()
	defer added.Unlock()
	if added.files == nil {
		added.files = map[*token.FileSet]map[string]*token.File{}
	}
	files := added.files[fset]
	if files == nil {
		files = map[string]*token.File{}
		added.files[fset] = files
	}
	tf, ok := files[path]
	if !ok {
		content, err := os.ReadFile(path)
		if err == nil {
			tf = fset.AddFile(path, -1, len(content))
			tf.SetLinesForContent(content)
		}
		files[path] = tf
	}
	if tf == nil || line < 1 || line > tf.LineCount() {
		return token.NoPos
	}
	start := tf.LineStart(line)
	if off := tf.Offset(start) + col - 1; col >= 1 && off <= tf.Size() {
		return tf.Pos(off)
	}
	return token.NoPos
}
