package ormsql

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// maxPaths bounds the ways a chain may be built: past it the chain is
// left unread rather than read as a list of statements nobody writes by
// hand.
const maxPaths = 8

// A chainPath is one way a query value is built: the call that starts it
// and its clause calls in the order the code makes them.
type chainPath struct {
	steps []bunStep
	root  bunStep
}

// chainPaths returns the ways the chain that ends at the request's call
// is built, one per path through the branches that add clauses to it
// (q = q.For("UPDATE SKIP LOCKED") under if isPostgres): a query changed
// on some paths only is a different statement on each. Every use of each
// value of the chain must be a step of some path, a phi joining them, or
// the call that sends it: a clause added with its result dropped changes
// the query out of sight (the library's builders change their receiver).
func chainPaths(r *Request, lib func(*ssa.Function) bool, root func(*types.Func) bool) ([]chainPath, string) {
	instr := r.Effects.Call(r.Call)
	if instr == nil || len(instr.Common().Args) == 0 {
		return nil, "the call is not in the SSA form"
	}
	w := &pathWalker{files: fileOf(r), lib: lib, root: root, onStack: map[*ssa.Phi]bool{}, consumers: map[ssa.Instruction]bool{}}
	w.consumers[instr] = true
	paths, why := w.walk(instr.Common().Args[0])
	if why != "" {
		return nil, why
	}
	for _, v := range w.values {
		for _, ref := range *v.Referrers() {
			if _, ok := ref.(*ssa.DebugRef); !ok && !w.consumers[ref] {
				return nil, "the query is changed outside its chain"
			}
		}
	}
	return paths, ""
}

type pathWalker struct {
	files     *ast.File
	lib       func(*ssa.Function) bool
	root      func(*types.Func) bool
	onStack   map[*ssa.Phi]bool
	values    []ssa.Value              // the calls and phis of every path
	consumers map[ssa.Instruction]bool // the instructions the paths are made of
}

// walk returns the ways v is built.
func (w *pathWalker) walk(v ssa.Value) ([]chainPath, string) {
	var back []bunStep // the steps after v, last first
	forward := func() []bunStep {
		out := slices.Clone(back)
		slices.Reverse(out)
		return out
	}
	for range 64 {
		switch x := v.(type) {
		case *ssa.Phi:
			if w.onStack[x] {
				return nil, "the query is built in a loop"
			}
			w.onStack[x] = true
			w.values = append(w.values, x)
			w.consumers[x] = true
			var out []chainPath
			for i, e := range x.Edges {
				sub, why := w.walk(e)
				if why != "" {
					return nil, why
				}
				if offPostgres(x, i) {
					continue // walked all the same: its uses of the query are the chain's
				}
				for _, p := range sub {
					out = append(out, chainPath{steps: append(slices.Clip(p.steps), forward()...), root: p.root})
				}
				if len(out) > maxPaths {
					return nil, "the query is built in too many ways"
				}
			}
			w.onStack[x] = false
			return out, ""
		case *ssa.Call:
			c := x.Common()
			var name string
			switch {
			case c.IsInvoke():
				name = c.Method.Name()
			case w.lib(c.StaticCallee()):
				name = c.StaticCallee().Name()
			default:
				return nil, "the query comes from a function of the module"
			}
			w.values = append(w.values, x)
			step := bunStep{name: name, call: x, src: callAt(w.files, x)}
			if isRoot(c, w.root) {
				return []chainPath{{steps: forward(), root: step}}, ""
			}
			if c.IsInvoke() || len(c.Args) == 0 {
				return nil, "the query comes from an interface"
			}
			w.consumers[x] = true
			back = append(back, step)
			v = c.Args[0]
		default:
			return nil, "the query is built out of sight (a parameter or a field)"
		}
	}
	return nil, "the chain is too long"
}

// A Variant is one more statement a call may send, built on another path
// than the Statement's own.
type Variant struct {
	SQL  string
	Args []ast.Expr // as Statement.Args
}

// oneOrVariants builds the statement of each path from st and returns one
// statement: the first path's, with the others' as Variants when they
// differ. A path that cannot be read leaves the call unread: no rule
// judges some of its statements only.
func oneOrVariants(st Statement, paths []chainPath, build func(Statement, chainPath) Statement) (Statement, bool) {
	var first Statement
	for i, p := range paths {
		one := build(st, p)
		if !one.Known {
			return one, true
		}
		if i == 0 {
			first = one
			continue
		}
		same := func(v Variant) bool { return v.SQL == one.SQL && slices.EqualFunc(v.Args, one.Args, sameArg) }
		if same(Variant{SQL: first.SQL, Args: first.Args}) || slices.ContainsFunc(first.Variants, same) {
			continue
		}
		first.Variants = append(first.Variants, Variant{SQL: one.SQL, Args: one.Args})
	}
	return first, true
}

// sameArg reports whether two arguments are one: the same expression, or
// the same literal written twice.
func sameArg(a, b ast.Expr) bool {
	la, ok1 := a.(*ast.BasicLit)
	lb, ok2 := b.(*ast.BasicLit)
	return a == b || ok1 && ok2 && la.Kind == lb.Kind && la.Value == lb.Value
}
