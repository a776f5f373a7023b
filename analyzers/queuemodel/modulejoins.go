package queuemodel

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/jobqlint/jobqlint/sqlcheck"
)

// A reclaim whose halves are the store's (ListRunningJobs, MarkFailed) may
// be joined by a sweeper that the store's package does not import: the
// store's facts reach the sweeper, but nothing the sweeper finds reaches
// the store, where the lease rule asks whether the claim's lease is ever
// taken back. That question is answered from the module's Go files, read
// the way ModuleKey records them (see moduleJoins): a function that calls
// a method with a value computed from what another returned, under a
// decision on that value.

// A moduleJoin is a call of reset given, as argument arg, a value computed
// from what a call of scan returned, in a function of the file at path,
// that runs only under a branch whose condition is computed from those
// values too (if alive { continue }).
type moduleJoin struct {
	path        string
	scan, reset string
	arg         int
	// lparen and nargs place the reset's call in its file (the offset
	// of its opening parenthesis) and say how many arguments it gives,
	// to ask callerargs what state it gives.
	lparen, nargs int
}

type joinsOnce struct {
	once  sync.Once
	joins []moduleJoin
}

var joinsByRoot sync.Map // module root -> *joinsOnce

// moduleJoins returns the joins of the module's Go files, test files left
// out, read once per process.
func moduleJoins(root string) []moduleJoin {
	v, _ := joinsByRoot.LoadOrStore(root, new(joinsOnce))
	j := v.(*joinsOnce)
	j.once.Do(func() {
		for _, path := range sqlcheck.GoFiles(root) {
			if strings.HasSuffix(path, "_test.go") {
				continue
			}
			content, err := os.ReadFile(path)
			if err != nil || !bytes.Contains(content, []byte("range")) && !bytes.Contains(content, []byte(".Next(")) {
				continue // a join iterates over what the scan returned
			}
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, path, content, parser.SkipObjectResolution)
			if err != nil {
				continue
			}
			j.joins = append(j.joins, joinsIn(fset, path, f)...)
		}
	})
	return j.joins
}

// joinsIn returns the joins of a file's functions, by names alone: the
// file is parsed, not type-checked. Only exported names are joined (the
// halves are exported methods of another package).
func joinsIn(fset *token.FileSet, path string, f *ast.File) []moduleJoin {
	var out []moduleJoin
	for _, d := range f.Decls {
		decl, ok := d.(*ast.FuncDecl)
		if !ok || decl.Body == nil {
			continue
		}
		out = append(out, joinsInBody(fset, path, decl.Body)...)
	}
	return out
}

func joinsInBody(fset *token.FileSet, path string, body *ast.BlockStmt) []moduleJoin {
	from := map[string]string{} // variable -> the scan whose result it holds
	derived := func(e ast.Node) string {
		src := ""
		ast.Inspect(e, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && from[id.Name] != "" && src == "" {
				src = from[id.Name]
			}
			return src == ""
		})
		return src
	}
	type site struct {
		call        *ast.CallExpr
		scan, reset string
		arg         int
	}
	var sites []site
	var ifs []*ast.IfStmt
	var blocks []*ast.BlockStmt
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BlockStmt:
			blocks = append(blocks, n)
		case *ast.IfStmt:
			ifs = append(ifs, n)
		case *ast.RangeStmt:
			src := derived(n.X)
			if src == "" {
				src = exportedCallee(n.X) // for _, j := range s.ListRunning(ctx)
			}
			if src != "" {
				for _, e := range []ast.Expr{n.Key, n.Value} {
					if id, ok := e.(*ast.Ident); ok && id.Name != "_" {
						from[id.Name] = src
					}
				}
			}
		case *ast.AssignStmt:
			assign := func(lhs []ast.Expr, src string) {
				for _, l := range lhs {
					if id, ok := l.(*ast.Ident); ok && id.Name != "_" && id.Name != "err" {
						from[id.Name] = src
					}
				}
			}
			if len(n.Rhs) == 1 && len(n.Lhs) > 1 {
				if src := derived(n.Rhs[0]); src != "" {
					assign(n.Lhs, src)
				} else if name := exportedCallee(n.Rhs[0]); name != "" {
					assign(n.Lhs, name)
				}
				return true
			}
			for i, r := range n.Rhs {
				if i >= len(n.Lhs) {
					break
				}
				if src := derived(r); src != "" {
					assign(n.Lhs[i:i+1], src)
				} else if name := exportedCallee(r); name != "" {
					assign(n.Lhs[i:i+1], name)
				}
			}
		case *ast.CallExpr:
			name := exportedCallee(n)
			if name == "" {
				return true
			}
			for i, a := range n.Args {
				if src := derived(a); src != "" && src != name {
					sites = append(sites, site{n, src, name, i})
				}
			}
		}
		return true
	})
	var out []moduleJoin
	for _, s := range sites {
		guarded := false
		for _, st := range ifs {
			if !decidesOn(st.Cond, from, s.scan) {
				continue
			}
			if within(st.Body, s.call) || st.Else != nil && within(st.Else, s.call) || leavesBefore(st, s.call, blocks) {
				guarded = true
				break
			}
		}
		if guarded {
			out = append(out, moduleJoin{path: path, scan: s.scan, reset: s.reset, arg: s.arg,
				lparen: fset.Position(s.call.Lparen).Offset, nargs: len(s.call.Args)})
		}
	}
	return out
}

// exportedCallee returns the name of the exported function or method an
// expression calls (store.MarkFailed(...), s.cfg.Store.ListRunningJobs(...)),
// or "".
func exportedCallee(e ast.Expr) string {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return ""
	}
	var id *ast.Ident
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.SelectorExpr:
		id = fun.Sel
	case *ast.Ident:
		id = fun
	}
	if id == nil || !id.IsExported() {
		return ""
	}
	return id.Name
}

// decidesOn reports whether a condition reads a value computed from what
// scan returned, other than comparing it with nil.
func decidesOn(cond ast.Expr, from map[string]string, scan string) bool {
	found := false
	ast.Inspect(cond, func(n ast.Node) bool {
		if b, ok := n.(*ast.BinaryExpr); ok && (b.Op == token.EQL || b.Op == token.NEQ) && (isNilIdent(b.X) || isNilIdent(b.Y)) {
			return false
		}
		if id, ok := n.(*ast.Ident); ok && from[id.Name] == scan {
			found = true
		}
		return !found
	})
	return found
}

func isNilIdent(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && id.Name == "nil"
}

func within(outer, inner ast.Node) bool {
	return outer.Pos() <= inner.Pos() && inner.End() <= outer.End()
}

// leavesBefore reports whether an if statement that ends by leaving
// (continue, break, return) comes before call in a block that holds both.
func leavesBefore(st *ast.IfStmt, call *ast.CallExpr, blocks []*ast.BlockStmt) bool {
	if st.End() > call.Pos() || len(st.Body.List) == 0 {
		return false
	}
	switch st.Body.List[len(st.Body.List)-1].(type) {
	case *ast.BranchStmt, *ast.ReturnStmt:
	default:
		return false
	}
	for _, b := range blocks {
		for _, s := range b.List {
			if s == ast.Stmt(st) {
				return within(b, call)
			}
		}
	}
	return false
}

// reclaimHalves are, for one table, the package's exported functions that
// may be a scan's half and a reset's half of a reclaim that another
// package joins (see collectReclaimHalves), by name: the module's files
// are read by names (see moduleJoins).
type reclaimHalves struct {
	scans  map[string]*ScanHalf
	resets map[string]namedReset
}

// A namedReset is a reset's half, with the argument its key is given as
// and the number of its parameters (the receiver left out).
type namedReset struct {
	arg, arity int
	half       *ResetHalf
}

// JoinedElsewhere reports whether a Go file of the module outside the
// package calls one of the package's scans of a table's claimed jobs, and
// then, with a value computed from what it returned, one of its resets of
// the table, under a decision on that value. That file's function is the table's reclaimer (a
// sweeper nothing imports), which the package cannot see otherwise.
func (m *Model) JoinedElsewhere(qt *QueueTable) bool {
	h := m.reclaimHalves[qt.Name]
	if h == nil || m.files == nil {
		return false
	}
	for _, j := range moduleJoins(m.schema.root) {
		scan := h.scans[j.scan]
		reset, ok := h.resets[j.reset]
		if scan == nil || !ok || reset.arg != j.arg || !m.mayPutBack(j, reset) {
			continue
		}
		if abs, err := filepath.Abs(j.path); err == nil && m.files.local[abs] == nil {
			return true
		}
	}
	return false
}

// mayPutBack reports whether a join's call of a reset whose state its
// callers give (see ResetHalf.ByCaller) may give a runnable state, read
// from the module's files as the views were (callerargs): a reaper that
// only gives the failed state buries the job it found stuck, it does not
// put it back; one that gives either, by the attempts left, is a reclaim.
func (m *Model) mayPutBack(j moduleJoin, reset namedReset) bool {
	r := reset.half
	if !r.ByCaller {
		return true
	}
	ix := m.CallerArgs()
	if ix == nil || j.nargs != reset.arity {
		return false
	}
	values, ok := ix.Given(j.path, j.lparen, j.reset, j.nargs, r.StateAt)
	return ok && slices.ContainsFunc(values, func(v string) bool { return slices.Contains(r.States, v) })
}
