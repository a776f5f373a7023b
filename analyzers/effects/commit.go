package effects

import (
	"go/build"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/ssa"
)

// CommitsBeforeWork reports whether the transaction a database call runs
// on is committed, in the call's own function, before anything that could
// be the job's work runs: some path goes from the call to a Commit of the
// same transaction value passing only calls of the database library and
// of the standard library (scanning, formatting, errors), or helpers of
// the module that only read a row and decode its payload (see readsRow). A claim made
// that way leaves its row claimed once the transaction commits; the
// transaction protects nothing that runs after it.
func CommitsBeforeWork(call ssa.CallInstruction) bool {
	tx := receiver(call)
	if tx == nil {
		return false
	}
	// commits reports whether a run of instructions ends the search (done)
	// and how: a Commit of tx (commit) or work before any.
	commits := func(instrs []ssa.Instruction) (commit, done bool) {
		for _, instr := range instrs {
			c, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if isCommit(c, tx) {
				return true, true
			}
			if Work(c) && !readsRow(c, true) {
				return false, true
			}
		}
		return false, false
	}
	start := call.Block()
	if commit, done := commits(start.Instrs[index(start, call)+1:]); done {
		return commit
	}
	// Each block is entered by an edge: a check of an error that the edge
	// brings as a new error (err = errors.New("unknown kind") in a switch's
	// default, beside err = send(...) in its cases) goes only to its error
	// side, and so reaches no commit on the way the error is nil.
	type edge struct{ b, from *ssa.BasicBlock }
	seen := map[edge]bool{}
	var stack []edge
	for _, s := range start.Succs {
		stack = append(stack, edge{s, start})
	}
	for len(stack) > 0 {
		e := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[e] {
			continue
		}
		seen[e] = true
		commit, done := commits(e.b.Instrs)
		if done {
			if commit {
				return true
			}
			continue
		}
		succs := e.b.Succs
		if c, ok := errCheckAt(e.b); ok && newErrorFrom(c.err, e.b, e.from) {
			succs = []*ssa.BasicBlock{c.onError}
		}
		for _, s := range succs {
			stack = append(stack, edge{s, e.b})
		}
	}
	return false
}

// newErrorFrom reports whether an error checked in block b is, when b is
// entered from the block from, one the code has just made, which is never
// nil: a phi of b whose value on that edge is errors.New(...) or
// fmt.Errorf(...).
func newErrorFrom(err ssa.Value, b, from *ssa.BasicBlock) bool {
	phi, ok := err.(*ssa.Phi)
	if !ok || phi.Block() != b {
		return false
	}
	i := slices.Index(b.Preds, from)
	if i < 0 || i >= len(phi.Edges) {
		return false
	}
	call, ok := phi.Edges[i].(*ssa.Call)
	if !ok {
		return false
	}
	callee := call.Common().StaticCallee()
	if callee == nil || callee.Pkg == nil {
		return false
	}
	switch callee.Pkg.Pkg.Path() + "." + callee.Name() {
	case "errors.New", "fmt.Errorf":
		return true
	}
	return false
}

// receiver returns the value a method call is made on.
func receiver(c ssa.CallInstruction) ssa.Value {
	common := c.Common()
	if common.IsInvoke() {
		return common.Value
	}
	if callee := common.StaticCallee(); callee != nil && callee.Signature.Recv() != nil && len(common.Args) > 0 {
		return common.Args[0]
	}
	return nil
}

func isCommit(c ssa.CallInstruction, tx ssa.Value) bool {
	return methodName(c) == "Commit" && sameValue(embedder(receiver(c)), embedder(tx))
}

// SameValue reports whether two SSA values name the same value: the same
// SSA value, or two reads of one variable, or of one field path from the
// same root (job.ID read twice), through no cell stored more than once.
func SameValue(a, b ssa.Value) bool { return a != nil && b != nil && sameValue(a, b) }

// sameValue reports whether two SSA values hold the same value: the same
// SSA value, or two reads of a variable a closure captures (defer func()
// { tx.Rollback() }()) that is assigned once.
func sameValue(a, b ssa.Value) bool {
	if a == b {
		return true
	}
	ha, hb := handleOf(a), handleOf(b)
	// A path through "*" is a cell stored more than once: its reads may
	// hold different values.
	return ha.Same(hb) && !strings.Contains(ha.path, "*")
}

// embedder returns the value whose embedded field v is read from, through
// any depth of embedding: a method promoted from an embedded transaction
// (sqlx.Tx's Commit is its *sql.Tx's) is called on the embedding value.
func embedder(v ssa.Value) ssa.Value {
	for range maxSteps {
		switch x := v.(type) {
		case *ssa.UnOp:
			fa, ok := x.X.(*ssa.FieldAddr)
			if x.Op != token.MUL || !ok || !embeddedField(fa.X.Type(), fa.Field) {
				return v
			}
			v = fa.X
		case *ssa.Field:
			if !embeddedField(x.X.Type(), x.Field) {
				return v
			}
			v = x.X
		default:
			return v
		}
	}
	return v
}

func embeddedField(t types.Type, i int) bool {
	f := fieldOf(t, i)
	return f != nil && f.Embedded()
}

func methodName(c ssa.CallInstruction) string {
	common := c.Common()
	if common.IsInvoke() {
		return common.Method.Name()
	}
	if callee := common.StaticCallee(); callee != nil {
		return callee.Name()
	}
	return ""
}

// WorkBeforeCommit reports whether CommitsBeforeWork takes a call for the
// job's work: neither the standard library's (a decoder of the payload)
// nor a database library's, nor a helper of the module that only reads a
// row and decodes it.
func WorkBeforeCommit(c ssa.CallInstruction) bool { return Work(c) && !readsRow(c, true) }

// Work reports whether a call may run a job's work: a call of a function
// value, or of code that is neither the standard library's nor a database
// library's.
func Work(c ssa.CallInstruction) bool {
	common := c.Common()
	var pkg *types.Package
	switch {
	case common.IsInvoke():
		pkg = common.Method.Pkg()
	case common.StaticCallee() != nil:
		callee := common.StaticCallee()
		if o, ok := callee.Object().(*types.Func); ok {
			pkg = o.Pkg()
		} else if callee.Pkg != nil {
			pkg = callee.Pkg.Pkg
		}
	default:
		if _, ok := common.Value.(*ssa.Builtin); ok {
			return false
		}
		return true // a function value: a handler
	}
	if pkg == nil || c.Parent().Pkg != nil && pkg == c.Parent().Pkg.Pkg {
		return true // the module's own code
	}
	return !standardLibrary(pkg.Path()) && !DatabaseLibrary(pkg.Path())
}

func index(b *ssa.BasicBlock, instr ssa.Instruction) int {
	for i, x := range b.Instrs {
		if x == instr {
			return i
		}
	}
	return len(b.Instrs)
}

var stdPaths sync.Map // import path -> bool

// standardLibrary reports whether an import path is a package of the
// standard library: a directory of GOROOT/src. The module's own packages may
// have no dot in their first element (module jobs), so the path's shape
// does not say.
func standardLibrary(path string) bool {
	if v, ok := stdPaths.Load(path); ok {
		return v.(bool)
	}
	std := false
	if root := build.Default.GOROOT; root != "" && !strings.HasPrefix(path, "vendor/") {
		fi, err := os.Stat(filepath.Join(root, "src", filepath.FromSlash(path)))
		std = err == nil && fi.IsDir()
	}
	stdPaths.Store(path, std)
	return std
}

// databaseLibraries are the import paths (and path prefixes, ending in /)
// of the libraries that talk to a database.
var databaseLibraries = []string{
	"github.com/jackc/pgx/", "github.com/jackc/pgconn", "github.com/jackc/pgtype", "github.com/lib/pq",
	"github.com/jmoiron/sqlx", "github.com/georgysavva/scany/",
	"github.com/uptrace/bun", "github.com/go-pg/pg/",
	"github.com/gobuffalo/pop/", "github.com/ory/pop/", "github.com/Masterminds/squirrel", "github.com/doug-martin/goqu/",
}

// DatabaseLibrary reports whether an import path is a database library's
// (the standard library's database/sql is standard library).
func DatabaseLibrary(path string) bool {
	for _, lib := range databaseLibraries {
		if path == strings.TrimSuffix(lib, "/") || strings.HasSuffix(lib, "/") && strings.HasPrefix(path, lib) {
			return true
		}
	}
	return false
}

// RowsOf returns the values a call that reads rows hands them back in:
// its result, and the pointers to slices or structs it is given to fill
// (GORM's Find(&rows), sqlx's Select(&rows, ...)).
func RowsOf(c ssa.CallInstruction) []ssa.Value {
	out := []ssa.Value{c.Value()}
	for _, a := range c.Common().Args {
		if mi, ok := a.(*ssa.MakeInterface); ok {
			a = mi.X // Find(dest any)
		}
		if p, ok := a.Type().Underlying().(*types.Pointer); ok {
			switch p.Elem().Underlying().(type) {
			case *types.Slice, *types.Struct:
				out = append(out, a)
			}
		}
	}
	return out
}

// WorkBetween reports whether, in the function of two calls, the job's
// work runs after from and before to: a call that may run it (see work;
// not a helper that only reads a row) and may fail (it returns an error: a
// logger given the job's id is no work), given something from read, made
// on every path after from, from which to is reachable without running
// from again (the next turn of a loop). An UPDATE that
// follows a SELECT ... FOR UPDATE that way records what the work did with
// the rows the lock held; it takes nothing.
func (e *Effects) WorkBetween(from, to ssa.CallInstruction) bool {
	return e.workBetween(from, to, nil)
}

// WorkBetweenUnlessAfter is WorkBetween, leaving out the work that runs
// only once guard has run (guard dominates it): in a loop over the rows,
// work that follows a compare-and-set on its own row (guard, whose row
// count the code checks) runs on a row only one reader took, and reaches
// to (that take, or a later mark) only on its own row's path or the next
// row's turn.
func (e *Effects) WorkBetweenUnlessAfter(from, to, guard ssa.CallInstruction) bool {
	return e.workBetween(from, to, guard)
}

func (e *Effects) workBetween(from, to, guard ssa.CallInstruction) bool {
	if e == nil || e.Pkg() == nil || from == nil || to == nil || from.Parent() != to.Parent() || from.Value() == nil {
		return false
	}
	for _, b := range from.Parent().Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(ssa.CallInstruction)
			if !ok || c == from || c == to || !Work(c) || !fails(c) || readsRow(c, true) || !Before(from, c) {
				continue
			}
			if guard != nil && Before(guard, c) {
				continue
			}
			if !reachesBeforeAgain(c, to, from.Block()) {
				continue
			}
			common := c.Common()
			args := common.Args
			if common.IsInvoke() {
				args = append([]ssa.Value{common.Value}, args...)
			}
			for _, a := range args {
				for _, rows := range RowsOf(from) {
					if e.Flows(rows, a) {
						return true
					}
				}
			}
		}
	}
	return false
}

// WorkBefore reports whether, in the function of a call, a call that may
// run the job's work (see WorkBetween: a call of the module's own code or a
// function value that may fail, not one that only reads a row) can run
// before it: a helper that first marks the row it is given and then sends
// it does no work before the mark; one that sends first marks what it sent.
func WorkBefore(to ssa.CallInstruction) bool {
	if to == nil {
		return false
	}
	for _, b := range to.Parent().Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(ssa.CallInstruction)
			if ok && c != to && Work(c) && fails(c) && !readsRow(c, true) && MayRunBefore(c, to) {
				return true
			}
		}
	}
	return false
}

// reachesBeforeAgain reports whether to runs after c on some path that
// does not pass through the block again (where the next turn of a loop
// starts over).
func reachesBeforeAgain(c, to ssa.Instruction, again *ssa.BasicBlock) bool {
	if c.Block() == to.Block() && Before(c, to) {
		return true
	}
	for _, s := range c.Block().Succs {
		if s != again && reachable(s, to.Block(), func(b *ssa.BasicBlock) bool { return b == again }) {
			return to.Block() != again
		}
	}
	return false
}

// fails reports whether a call returns an error, as its last result.
func fails(c ssa.CallInstruction) bool {
	res := c.Common().Signature().Results()
	return res.Len() > 0 && isErrorType(res.At(res.Len()-1).Type())
}

// KeepsClaimInside reports whether nothing a claim made on a transaction
// takes leaves that transaction: its function returns nothing but an
// error, sends nothing on a channel, starts no goroutine, stores nothing
// but into its own variables, and after a Commit of the transaction runs
// nothing that could be work. Whatever the claim was for ran on the
// transaction before the commit (a state flip and the alerts it raises):
// a crash before the commit rolls the claim back, and after it nothing is
// left to run. It asks of a claim CommitsBeforeWork found committed.
func KeepsClaimInside(call ssa.CallInstruction) bool {
	tx := receiver(call)
	fn := call.Parent()
	if tx == nil || fn == nil {
		return false
	}
	results := fn.Signature.Results()
	for i := range results.Len() {
		if !isErrorType(results.At(i).Type()) && !countResult(fn, i) {
			return false
		}
	}
	var commits []ssa.CallInstruction
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.Send, *ssa.Go:
				return false
			case *ssa.Store:
				if outside(x.Addr) {
					return false
				}
			case *ssa.MapUpdate:
				if outside(x.Map) {
					return false
				}
			case ssa.CallInstruction:
				if isCommit(x, tx) {
					commits = append(commits, x)
				}
				if fillsOutside(x) {
					return false
				}
			}
		}
	}
	for _, c := range commits {
		if workAfter(c) {
			return false
		}
	}
	return true
}

// fillsOutside reports whether a call is given a pointer to memory that
// outlives its function (tx.Find(&jobs) with jobs a captured variable):
// what it writes there leaves the function as a store would.
func fillsOutside(c ssa.CallInstruction) bool {
	args := c.Common().Args
	if !c.Common().IsInvoke() && len(args) > 0 && c.Common().Signature().Recv() != nil {
		args = args[1:] // the receiver
	}
	for _, a := range args {
		if slices.ContainsFunc(variadic(a), outsidePointer) || outsidePointer(a) {
			return true
		}
	}
	return false
}

// outsidePointer reports whether a value (or the value an interface
// holds) is the address of memory that outlives its function: a
// captured variable (&jobs in a closure), a package variable, or a field
// or element of one or of a parameter (&job.ID). A pointer read from
// memory or given as a parameter is an object handed on, not a place the
// call is asked to fill.
func outsidePointer(v ssa.Value) bool {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	switch v.(type) {
	case *ssa.FreeVar, *ssa.Global, *ssa.FieldAddr, *ssa.IndexAddr:
		_, ptr := v.Type().Underlying().(*types.Pointer)
		return ptr && outside(v)
	}
	return false
}

// variadic returns the values stored in the slice a call's ... argument
// builds (row.Scan(&job.ID, &job.Payload)), or nil.
func variadic(v ssa.Value) []ssa.Value {
	sl, ok := v.(*ssa.Slice)
	if !ok {
		return nil
	}
	arr, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return nil
	}
	var out []ssa.Value
	for _, r := range *arr.Referrers() {
		if ia, ok := r.(*ssa.IndexAddr); ok {
			for _, rr := range *ia.Referrers() {
				if st, ok := rr.(*ssa.Store); ok && st.Addr == ia {
					out = append(out, st.Val)
				}
			}
		}
	}
	return out
}

// outside reports whether an address or map is reached from a parameter,
// a captured variable or a package variable: what is stored there
// outlives the function.
func outside(v ssa.Value) bool {
	switch memoryRoot(v).(type) {
	case *ssa.Parameter, *ssa.FreeVar, *ssa.Global:
		return true
	}
	return false
}

// workAfter reports whether a call that could be work may run after c in
// its function.
func workAfter(c ssa.CallInstruction) bool {
	hasWork := func(instrs []ssa.Instruction) bool {
		for _, instr := range instrs {
			if x, ok := instr.(ssa.CallInstruction); ok && Work(x) {
				return true
			}
		}
		return false
	}
	b := c.Block()
	if hasWork(b.Instrs[index(b, c)+1:]) {
		return true
	}
	return WalkBlocks(b.Succs, func(b *ssa.BasicBlock) ([]*ssa.BasicBlock, bool) {
		return b.Succs, hasWork(b.Instrs)
	})
}

// countResult reports whether a function's result i is an integer that
// counts what it did and carries no row: every value returned there is a
// constant, len, a RowsAffected, or arithmetic over such values, also
// through a local map of counts (n[key]++, then a sum over its values). A
// stale-run sweep that returns how many runs it timed out hands no job
// on; one that returns a claimed row's id does.
func countResult(fn *ssa.Function, i int) bool {
	if t, ok := fn.Signature.Results().At(i).Type().Underlying().(*types.Basic); !ok || t.Info()&types.IsInteger == 0 {
		return false
	}
	seen := map[ssa.Value]bool{}
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && !counted(ret.Results[i], seen) {
			return false
		}
	}
	return true
}

func counted(v ssa.Value, seen map[ssa.Value]bool) bool {
	if seen[v] {
		return true // a loop's sum: its other edges decide
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.Const:
		return true
	case *ssa.BinOp:
		return counted(x.X, seen) && counted(x.Y, seen)
	case *ssa.Convert:
		return counted(x.X, seen)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if !counted(e, seen) {
				return false
			}
		}
		return true
	case *ssa.Call:
		if b, ok := x.Call.Value.(*ssa.Builtin); ok {
			return b.Name() == "len"
		}
		return x.Call.IsInvoke() && x.Call.Method.Name() == "RowsAffected" ||
			x.Call.StaticCallee() != nil && x.Call.StaticCallee().Name() == "RowsAffected"
	case *ssa.Extract:
		if x.Index == 0 {
			if call, ok := x.Tuple.(*ssa.Call); ok {
				return counted(call, seen)
			}
		}
		if next, ok := x.Tuple.(*ssa.Next); ok && x.Index == 2 {
			if r, ok := next.Iter.(*ssa.Range); ok {
				return countsMap(r.X, seen)
			}
		}
		if l, ok := x.Tuple.(*ssa.Lookup); ok && x.Index == 0 {
			return countsMap(l.X, seen)
		}
	case *ssa.Lookup:
		return countsMap(x.X, seen)
	case *ssa.UnOp:
		// A result slot (a function with a defer returns through one)
		// or a local variable: each value stored in it.
		a, ok := x.X.(*ssa.Alloc)
		if !ok || x.Op != token.MUL {
			return false
		}
		for _, ref := range *a.Referrers() {
			switch r := ref.(type) {
			case *ssa.Store:
				if r.Addr != a || !counted(r.Val, seen) {
					return false
				}
			case *ssa.UnOp:
			default:
				return false
			}
		}
		return true
	}
	return false
}

// countsMap reports whether a map made in the function holds counts only:
// each value stored in it is counted, and it goes to no call.
func countsMap(m ssa.Value, seen map[ssa.Value]bool) bool {
	if _, ok := m.(*ssa.MakeMap); !ok {
		return false
	}
	for _, ref := range *m.Referrers() {
		switch r := ref.(type) {
		case *ssa.MapUpdate:
			if !counted(r.Value, seen) {
				return false
			}
		case *ssa.Lookup, *ssa.Range:
		case *ssa.Call:
			if b, ok := r.Call.Value.(*ssa.Builtin); !ok || b.Name() != "len" {
				return false
			}
		default:
			return false
		}
	}
	return true
}
