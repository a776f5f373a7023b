package queuemodel

import (
	"go/ast"
	"reflect"
	"slices"
)

// Whether a function runs a store's poll and then its mark, through other
// functions.
//
// A relay's poll and mark, split over a store's methods, meet in the
// function that hands the polled rows on: it calls the poll, or a wrapper
// of it (a repository's FetchPending over sqlc's ListPending), and gives
// the rows it got to the mark, or to what marks (an executor's Handle, a
// helper that publishes and marks). A store's SELECT that other packages call only to return or
// show the rows (a reconciliation report, a page of an admin API) is
// followed by no mark, and no relay polls with it.
//
// The module's Go files are parsed, not type-checked (importers are out
// of the facts' reach), so a function is known by its name alone: what
// every function of that name calls. A name declared by many functions
// (Run, Handle, Start) says nothing of which one runs, and is not followed;
// nor is a chain longer than a few calls. What is not followed counts as
// not running the mark: the poll is then no relay's, and the tool stays
// silent rather than guess.

// funcCalls is what a function of the module's files does, in source
// order, as far as runsInTurn asks: the calls it makes by name (x.Name(...),
// Name(...)), including those of the function literals it calls at once
// (go func() { ... }()), and the names its assignments and range
// statements define from which names. Any other function literal is a
// body of its own, with no name: a handler a factory returns, or a router
// runs, is not run by the function that writes it.
type funcCalls struct {
	path, name string
	steps      []step
}

// A step is a call (callee set) or an assignment (callee empty): the
// names it defines, and the names it is given.
type step struct {
	callee string
	defs   []string
	uses   []string
}

// Limits of the name graph: a name declared more often than
// maxSameName is ambiguous, and a chain of more than maxCallDepth calls
// is not followed.
const (
	maxSameName  = 3
	maxCallDepth = 4
)

func bodyCalls(path string, f *ast.File) []funcCalls {
	var out []funcCalls
	var body func(name string, n ast.Node)
	body = func(name string, n ast.Node) {
		fc := funcCalls{path: path, name: name}
		invoked := map[*ast.FuncLit]bool{}
		resultOf := map[*ast.CallExpr]string{} // a call whose first result an assignment keeps
		ast.Inspect(n, func(c ast.Node) bool {
			switch c := c.(type) {
			case *ast.FuncLit:
				if c != n && !invoked[c] {
					body("", c) // returned, stored or handed on: run by someone else, at some other time
					return false
				}
			case *ast.AssignStmt:
				if call, ok := ast.Unparen(singleRHS(c.Rhs)).(*ast.CallExpr); ok {
					if id, ok := c.Lhs[0].(*ast.Ident); ok && id.Name != "_" {
						resultOf[call] = id.Name
					}
					return true
				}
				st := step{uses: exprIdents(c.Rhs)}
				for _, l := range c.Lhs {
					st.defs = append(st.defs, identsIn(l)...)
				}
				fc.steps = append(fc.steps, st)
			case *ast.RangeStmt:
				fc.steps = append(fc.steps, step{defs: identsIn(c.Key, c.Value), uses: identsIn(c.X)})
			case *ast.CallExpr:
				st := step{uses: exprIdents(c.Args)}
				if r, ok := resultOf[c]; ok {
					st.defs = []string{r}
				}
				switch fun := ast.Unparen(c.Fun).(type) {
				case *ast.SelectorExpr:
					st.callee = fun.Sel.Name
					st.uses = append(st.uses, identsIn(fun.X)...)
				case *ast.Ident:
					st.callee = fun.Name
				case *ast.FuncLit:
					invoked[fun] = true // func() { ... }(), go func() { ... }(), defer func() { ... }()
				}
				if st.callee != "" {
					fc.steps = append(fc.steps, st)
				}
			}
			return true
		})
		out = append(out, fc)
	}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
			body(fd.Name.Name, fd.Body)
		}
	}
	return out
}

func singleRHS(rhs []ast.Expr) ast.Expr {
	if len(rhs) != 1 {
		return nil
	}
	return rhs[0]
}

func exprIdents(exprs []ast.Expr) []string {
	var out []string
	for _, e := range exprs {
		out = append(out, identsIn(e)...)
	}
	return out
}

// identsIn returns the names of the identifiers in nodes, function
// literals left out.
func identsIn(nodes ...ast.Node) []string {
	var out []string
	for _, n := range nodes {
		if n == nil || reflect.ValueOf(n).IsNil() {
			continue
		}
		ast.Inspect(n, func(c ast.Node) bool {
			switch c := c.(type) {
			case *ast.FuncLit:
				return false
			case *ast.Ident:
				if c.Name != "_" {
					out = append(out, c.Name)
				}
			}
			return true
		})
	}
	return out
}

// runsInTurn reports whether some function of the module calls, through
// at most maxCallDepth functions, poll and keeps what it returns, then
// gives that, or what it derived from it (the rows one by one in a range,
// their ids gathered by append), to a call that leads to mark. Two calls
// one after the other that share nothing (a command's main starting a
// report, then a relay that marks rows it got elsewhere) are no relay.
func (mc *moduleCallers) runsInTurn(poll, mark string) bool {
	reachesPoll, reachesMark := mc.reaches(poll), mc.reaches(mark)
	for _, b := range mc.bodies {
		rows := map[string]bool{}
		for _, st := range b.steps {
			given := slices.ContainsFunc(st.uses, func(u string) bool { return rows[u] })
			if st.callee != "" && reachesMark[st.callee] && given {
				return true
			}
			if given || st.callee != "" && reachesPoll[st.callee] {
				for _, d := range st.defs {
					rows[d] = true
				}
			}
		}
	}
	return false
}

// callerNames returns, for each name a function calls, the names of the
// functions that call it, leaving out names declared more than
// maxSameName times.
func callerNames(bodies []funcCalls) map[string][]string {
	byName := map[string][]int{}
	for i, b := range bodies {
		if b.name != "" {
			byName[b.name] = append(byName[b.name], i)
		}
	}
	callers := map[string][]string{}
	for name, idx := range byName {
		if len(idx) > maxSameName {
			continue
		}
		for _, i := range idx {
			for _, st := range bodies[i].steps {
				if st.callee != "" && !slices.Contains(callers[st.callee], name) {
					callers[st.callee] = append(callers[st.callee], name)
				}
			}
		}
	}
	return callers
}

// reaches returns the names of the functions that call target within
// maxCallDepth calls, target itself included.
func (mc *moduleCallers) reaches(target string) map[string]bool {
	out := map[string]bool{target: true}
	level := []string{target}
	for depth := 0; depth < maxCallDepth && len(level) > 0; depth++ {
		var next []string
		for _, callee := range level {
			for _, caller := range mc.callers[callee] {
				if !out[caller] {
					out[caller] = true
					next = append(next, caller)
				}
			}
		}
		level = next
	}
	return out
}
