package effects

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Failures that end a transaction by rolling it back: a worker that holds
// the job's row lock in a transaction across the work and, when the work
// fails, rolls that transaction back leaves the row as the poll found it.

// A TxSite is where a statement runs in a transaction whose life cycle the
// package shows (begun by a call in sight): the statement's own call, or
// the call of the helper that runs it on a transaction it is given.
type TxSite struct {
	At ssa.Instruction
	Tx *Tx
}

// BegunTx returns where a database call runs in a transaction begun in
// sight: the call itself, when its transaction is begun in the package,
// or, when it runs on a transaction its function is given as a parameter,
// each call of that function in the package whose argument is one (one
// level up: claimNext(ctx, tx) called by the worker that began tx). It
// returns nil when the transaction's life cycle is out of sight.
func (e *Effects) BegunTx(call ssa.CallInstruction) []TxSite {
	if e == nil || e.Pkg() == nil || call == nil {
		return nil
	}
	if h := HandleOf(call); h.CtxCarried() {
		return e.ctxSites(h, call, 0)
	}
	if t := e.TxOf(call); t != nil {
		if t.Begin == nil {
			return e.begunAtCallers(call, t)
		}
		return []TxSite{{At: call, Tx: t}}
	}
	return nil
}

func (e *Effects) begunAtCallers(call ssa.CallInstruction, given *Tx) []TxSite {
	fn := given.Func
	idx := given.Handle.Param(fn)
	if idx < 0 || fn.Parent() != nil {
		return nil
	}
	var out []TxSite
	for _, c := range e.sortedCalls() {
		if c.Common().StaticCallee() != fn {
			continue
		}
		if t := e.TxAt(ArgHandle(c, idx), c); t != nil && t.Begin != nil {
			out = append(out, TxSite{At: c, Tx: t})
		}
	}
	return out
}

// A Rollback is where a failure of the job's work ends a transaction by
// rolling it back: a Rollback call, or a return that rolls it back (through
// a deferred Rollback, or as the error of a function pgx.BeginFunc runs).
type Rollback struct {
	At   ssa.Instruction
	Work ssa.CallInstruction // the call whose error leads there
}

// Pos is where the rollback is written.
func (r Rollback) Pos() token.Pos { return endPos(r.At) }

// WorkRollbacks returns where an error of the job's work ends t by rolling
// it back with nothing written on the way: the work is a call that may run
// the job (a handler, a publisher, a decoder of the payload; see work),
// made after `after` (an instruction of t's function, or of a closure it
// makes) while t is open, and no bookkeeping statement of the queue (see
// bookkeeping); every path from the branch that sees its error non-nil reaches an
// end of t that rolls it back, and none runs a call that may write to the
// database (a statement on t or on another handle, a helper that may run
// one, a function value) or commits. A path that goes on with the next job
// (back to the work), or ends t out of sight, is no such failure.
func (e *Effects) WorkRollbacks(t *Tx, after ssa.Instruction) []Rollback {
	if e == nil || e.Pkg() == nil || t == nil || t.Begin == nil {
		return nil
	}
	fn := t.Func
	after = anchor(after, fn)
	if after == nil {
		return nil
	}
	var out []Rollback
	for c := range errChecks(fn) {
		w := failingWork(c.err)
		if w == nil || w.Parent() != fn || !Before(after, w) || !t.OpenAt(w) || e.bookkeeping(w) {
			continue
		}
		if at := e.rollsBack(t, c.at, c.onError, w); at != nil {
			out = append(out, Rollback{At: at, Work: w})
		}
	}
	return out
}

// failingWork returns the call an error comes from when that call may run
// the job's work, or decodes its payload (json.Unmarshal of the payload
// into the type the work expects fails for good on a malformed job).
//
// The error may come from one of several calls (err = sendEmail(...) in
// one case of a switch on the job's kind, err = charge(...) in another:
// a phi), the first of which that runs the work by position is the one
// named; and it may be read back from a variable (a named result the
// function's deferred code also reads) that the block stored it in.
func failingWork(v ssa.Value) ssa.CallInstruction {
	return failingWorkIn(v, map[ssa.Value]bool{})
}

func failingWorkIn(v ssa.Value, seen map[ssa.Value]bool) ssa.CallInstruction {
	if seen[v] {
		return nil
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.Extract:
		v = x.Tuple
	case *ssa.Phi:
		var first ssa.CallInstruction
		for _, in := range x.Edges {
			if w := failingWorkIn(in, seen); w != nil && (first == nil || w.Pos() < first.Pos()) {
				first = w
			}
		}
		return first
	case *ssa.UnOp:
		if stored := storedBefore(x); stored != nil {
			return failingWorkIn(stored, seen)
		}
		return nil
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return nil
	}
	if Work(call) && !readsRow(call, false) || decodes(call) {
		return call
	}
	return nil
}

// storedBefore returns, for a load of a local variable (*err, a named
// result a deferred closure shares), the value last stored there on the
// way to the load: in its block, or in the blocks before it while each
// has one predecessor. Nil when none is found, or when a call on the way
// may write the variable (through a closure).
func storedBefore(load *ssa.UnOp) ssa.Value {
	return storedOnTheWay(load, false)
}

// storedOnTheWay is storedBefore; pastDefers also looks past the run of a
// function's deferred calls at its return, for the value the function
// returned when they started.
func storedOnTheWay(load *ssa.UnOp, pastDefers bool) ssa.Value {
	if load.Op != token.MUL || load.Block() == nil {
		return nil
	}
	if _, ok := load.X.(*ssa.Alloc); !ok {
		return nil
	}
	b := load.Block()
	instrs := b.Instrs[:slices.Index(b.Instrs, ssa.Instruction(load))]
	for range 8 {
		for i := len(instrs) - 1; i >= 0; i-- {
			switch x := instrs[i].(type) {
			case *ssa.Store:
				if x.Addr == load.X {
					return x.Val
				}
			case *ssa.Defer:
			case *ssa.RunDefers:
				if !pastDefers {
					return nil
				}
			case ssa.CallInstruction:
				return nil
			}
		}
		if len(b.Preds) != 1 {
			return nil
		}
		b = b.Preds[0]
		instrs = b.Instrs
	}
	return nil
}

// readsRow reports whether a call of the module's own code only reads a
// row into Go values (a scanJob(row) helper): its function calls a
// database library's Scan (or database/sql's), and nothing but the
// standard library and the database library besides. Its error is the read failing, not the job's
// work; a helper that also decodes the payload is work (see decodes),
// unless decoding is true: in a claim step that commits before the work,
// a payload that fails to decode fails the claim, not the work.
func readsRow(c ssa.CallInstruction, decoding bool) bool {
	callee := c.Common().StaticCallee()
	if callee == nil || callee.Pkg == nil || len(callee.Blocks) == 0 || len(callee.AnonFuncs) > 0 {
		return false
	}
	scans := false
	for _, b := range callee.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			common := call.Common()
			fn := calledFunc(common)
			if fn == nil && !common.IsInvoke() && common.StaticCallee() == nil {
				if _, ok := common.Value.(*ssa.Builtin); ok {
					continue
				}
				return false // a function value
			}
			switch {
			case decoding && decodes(call):
			case common.IsInvoke() && rowScan(fn):
				scans = true // row.Scan on the module's own row interface
			case fn == nil || fn.Pkg() == nil || fn.Pkg() == callee.Pkg.Pkg || decodes(call):
				return false
			case DatabaseLibrary(fn.Pkg().Path()) || fn.Pkg().Path() == "database/sql":
				// database/sql's Rows.Scan reads a row as pgx's does.
				scans = scans || fn.Name() == "Scan"
			case !standardLibrary(fn.Pkg().Path()):
				return false
			}
		}
	}
	return scans
}

// rowScan reports whether an interface method is a row's Scan:
// Scan(dest ...any) error, as pgx.Row, *sql.Row and *sql.Rows have it, and
// as the interface a module declares to scan both (type scanner interface
// { Scan(dest ...any) error }) names it.
func rowScan(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || fn.Name() != "Scan" || !sig.Variadic() || sig.Params().Len() != 1 || sig.Results().Len() != 1 || !isErrorType(sig.Results().At(0).Type()) {
		return false
	}
	elem := sig.Params().At(0).Type().(*types.Slice).Elem()
	iface, ok := elem.Underlying().(*types.Interface)
	return ok && iface.Empty()
}

// decodes reports whether a call is a standard library decoder:
// encoding/json's (or xml's, gob's) Unmarshal or a Decoder's Decode.
func decodes(c ssa.CallInstruction) bool {
	callee := c.Common().StaticCallee()
	if callee == nil || callee.Pkg == nil || !strings.HasPrefix(callee.Pkg.Pkg.Path(), "encoding/") {
		return false
	}
	return callee.Name() == "Unmarshal" || callee.Name() == "Decode"
}

// rollsBack walks every path from start (the error's side of the branch
// in block check) and returns the nearest (passing the fewest failures
// of other error checks, then first by position) of the ends of t
// that roll it back, when every path reaches one and nothing on a path,
// before or after it, may write to the database outside t (a statement in
// t is taken back with it); nil otherwise. Once t is
// rolled back, a path that goes back to the work (continue in the worker
// loop) has ended; before that, it runs the work again, which may write.
func (e *Effects) rollsBack(t *Tx, check, start *ssa.BasicBlock, w ssa.CallInstruction) ssa.Instruction {
	type state struct {
		b      *ssa.BasicBlock
		rolled bool
	}
	type end struct {
		at    ssa.Instruction
		steps int
	}
	var ends []end
	seen := map[state]bool{}
	// A 0-1 breadth-first walk: a step onto the error side of another
	// error check costs 1, any other step 0, so the nearest end is the one
	// reached when nothing else fails on the way.
	queue := []state{{start, false}}
	steps := map[state]int{queue[0]: 0}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		if seen[s] {
			continue
		}
		seen[s] = true
		if s.rolled && (s.b == check || s.b.Dominates(w.Block())) {
			continue // t is rolled back and the loop goes on to the next job: this path has ended
		}
		rolled, done := s.rolled, false
		for _, instr := range s.b.Instrs {
			switch x := instr.(type) {
			case *ssa.Call:
				switch {
				case e.endsTx(x, t, "Rollback"):
					if !rolled {
						ends = append(ends, end{x, steps[s]})
					}
					rolled = true
				case e.endsTx(x, t, "Commit"):
					return nil
				case runsOn(x, t):
					// A statement in t itself (the failure recorded, then no
					// Commit): the rollback takes it back with the rest.
				case e.mayWrite(x, 0):
					return nil
				}
			case *ssa.Defer, *ssa.Go, *ssa.Panic:
				return nil
			case *ssa.Return:
				if !rolled {
					if !e.returnRollsBack(t, x, w) {
						return nil
					}
					ends = append(ends, end{x, steps[s]})
				}
				done = true
			}
		}
		if !done {
			check, isCheck := errCheckAt(s.b)
			for _, succ := range s.b.Succs {
				next, cost := state{succ, rolled}, 0
				if isCheck && succ == check.onError {
					cost = 1
				}
				if d, ok := steps[next]; ok && d <= steps[s]+cost {
					continue
				}
				steps[next] = steps[s] + cost
				if cost == 0 {
					queue = append([]state{next}, queue...)
				} else {
					queue = append(queue, next)
				}
			}
		}
	}
	if len(ends) == 0 {
		return nil
	}
	slices.SortFunc(ends, func(a, b end) int {
		if a.steps != b.steps {
			return a.steps - b.steps
		}
		return int(endPos(a.at) - endPos(b.at))
	})
	return ends[0].at
}

// endPos is where an end of a transaction is written: a call's position,
// or a return's (an implicit return at a closing brace has none of its own).
func endPos(i ssa.Instruction) token.Pos {
	if r, ok := i.(*ssa.Return); ok && !r.Pos().IsValid() {
		return i.Parent().Syntax().End()
	}
	return i.Pos()
}

// runsOn reports whether a call is a database library's method called on
// t's handle: a statement run in t.
func runsOn(c ssa.CallInstruction, t *Tx) bool {
	common := c.Common()
	var pkg *types.Package
	switch {
	case common.IsInvoke():
		pkg = common.Method.Pkg()
	case common.StaticCallee() != nil && common.Signature().Recv() != nil:
		if o, ok := common.StaticCallee().Object().(*types.Func); ok {
			pkg = o.Pkg()
		}
	}
	if pkg == nil || !DatabaseLibrary(pkg.Path()) && pkg.Path() != "database/sql" {
		return false
	}
	return HandleOf(c).Same(t.Handle)
}

// endsTx reports whether a call is t's Commit or Rollback (by name).
func (e *Effects) endsTx(c ssa.CallInstruction, t *Tx, name string) bool {
	return calleeName(c.Common()) == name && HandleOf(c).Same(t.Handle)
}

// returnRollsBack reports whether a return of t's function rolls t back:
// a function that pgx.BeginFunc (or an ORM's RunInTx) runs returning a
// non-nil error, or the function that began t with a Rollback of t
// deferred before the return and no Commit in the deferred code.
func (e *Effects) returnRollsBack(t *Tx, ret *ssa.Return, w ssa.CallInstruction) bool {
	if t.Func != t.Begin.Parent() {
		return len(ret.Results) > 0 && nonNilError(ret.Results[len(ret.Results)-1])
	}
	for _, b := range t.Func.Blocks {
		for _, instr := range b.Instrs {
			d, ok := instr.(*ssa.Defer)
			if !ok || !Before(d, ret) {
				continue
			}
			if e.deferredRollback(d, t) || e.deferredRollbackOnError(d, t) && returnsWorkError(ret, w) {
				return true
			}
		}
	}
	return false
}

// deferredRollbackOnError reports whether a deferred function literal
// rolls t back when the error it shares with its function (a named
// result) is not nil, and commits only when it is nil: defer func() { if
// err != nil { tx.Rollback(ctx); return }; err = tx.Commit(ctx) }().
func (e *Effects) deferredRollbackOnError(d *ssa.Defer, t *Tx) bool {
	fn := funcArg(d.Call.Value)
	if fn == nil || fn.Parent() != t.Func || fn.Blocks == nil {
		return false
	}
	rolls := false
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			switch calleeName(c.Common()) {
			case "Rollback":
				rolls = rolls || HandleOf(c).Same(t.Handle) && sharedErrorSays(fn, b, true)
			case "Commit":
				if !sharedErrorSays(fn, b, false) {
					return false
				}
			}
		}
	}
	return rolls
}

// sharedErrorSays reports whether block b of a function literal runs only
// when an error the literal shares with its function (a free variable) is
// not nil (notNil), or only when it is nil.
func sharedErrorSays(fn *ssa.Function, b *ssa.BasicBlock, notNil bool) bool {
	for c := range errChecks(fn) {
		load, ok := c.err.(*ssa.UnOp)
		if !ok || load.Op != token.MUL {
			continue
		}
		if _, shared := load.X.(*ssa.FreeVar); !shared {
			continue
		}
		side := c.onError
		if !notNil {
			side = c.at.Succs[0]
			if side == c.onError {
				side = c.at.Succs[1]
			}
		}
		if side.Dominates(b) && len(side.Preds) == 1 {
			return true
		}
	}
	return false
}

// returnsWorkError reports whether a return gives back the error of the
// work w (itself, or an error made of it: fmt.Errorf("...: %w", err)),
// which is not nil on the path that checked it; a named result returns
// what was stored in it before its deferred calls ran.
func returnsWorkError(ret *ssa.Return, w ssa.CallInstruction) bool {
	if len(ret.Results) == 0 {
		return false
	}
	v := ret.Results[len(ret.Results)-1]
	if load, ok := v.(*ssa.UnOp); ok {
		if stored := storedOnTheWay(load, true); stored != nil {
			v = stored
		}
	}
	return madeOfWorkError(v, w, 0)
}

func madeOfWorkError(v ssa.Value, w ssa.CallInstruction, depth int) bool {
	if depth > 3 {
		return false
	}
	if failingWork(v) == w {
		return true
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	if callee := call.Common().StaticCallee(); callee == nil || callee.Pkg == nil ||
		callee.Pkg.Pkg.Path() != "fmt" && callee.Pkg.Pkg.Path() != "errors" {
		return false
	}
	for _, a := range call.Common().Args {
		for _, x := range unwrapArgs(a) {
			if madeOfWorkError(x, w, depth+1) {
				return true
			}
		}
	}
	return false
}

// unwrapArgs returns the values a call is given in an argument: itself, or
// what it holds inside an interface or its variadic slice (fmt.Errorf("%d:
// %w", id, err) passes id and err so).
func unwrapArgs(v ssa.Value) []ssa.Value {
	switch x := v.(type) {
	case *ssa.MakeInterface:
		return unwrapArgs(x.X)
	case *ssa.ChangeInterface:
		return unwrapArgs(x.X)
	case *ssa.Slice:
		alloc, ok := x.X.(*ssa.Alloc)
		if !ok {
			return nil
		}
		var out []ssa.Value
		for _, r := range *alloc.Referrers() {
			ia, ok := r.(*ssa.IndexAddr)
			if !ok {
				continue
			}
			for _, rr := range *ia.Referrers() {
				if st, ok := rr.(*ssa.Store); ok && st.Addr == ia {
					out = append(out, unwrapArgs(st.Val)...)
				}
			}
		}
		return out
	}
	return []ssa.Value{v}
}

// nonNilError reports whether a returned error is known not to be nil on
// the path: the checked error itself, or one a call makes of it
// (fmt.Errorf("...: %w", err)).
func nonNilError(v ssa.Value) bool {
	if !isErrorType(v.Type()) {
		return false
	}
	switch x := v.(type) {
	case *ssa.Const:
		return !x.IsNil()
	case *ssa.Phi:
		return false // nil on some way in, perhaps
	}
	return true
}

// deferredRollback reports whether a deferred call rolls t back: t's
// Rollback, a function literal that always calls it and commits nothing,
// or a helper of the package given t that does (see rollbackHelper).
func (e *Effects) deferredRollback(d *ssa.Defer, t *Tx) bool {
	if e.endsTx(d, t, "Rollback") || e.rollbackHelper(d, t) {
		return true
	}
	fn := funcArg(d.Call.Value)
	if fn == nil || fn.Parent() != t.Func || fn.Blocks == nil {
		return false
	}
	return alwaysRollsBack(fn, t.Handle)
}

// alwaysRollsBack reports whether fn always rolls back the transaction h
// and commits nothing: only a Rollback its entry block runs counts (one
// under `if recover() != nil` ends it only on a panic).
func alwaysRollsBack(fn *ssa.Function, h Handle) bool {
	rolls := false
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			switch calleeName(c.Common()) {
			case "Commit":
				return false
			case "Rollback":
				rolls = rolls || b == fn.Blocks[0] && HandleOf(c).Same(h)
			}
		}
	}
	return rolls
}

// bookkeeping reports whether a call whose error is checked is the
// queue's own statement rather than the job's work: a method of a database
// value, or a function of the package (or a library's) that runs SQL. A
// handler called through a function value or an interface is the work,
// even when it is given the transaction to write in; so is a helper of
// the package that calls such a method (a publishWithRetry(ctx,
// publisher, ...) looping over publisher.Publish): see runsStatement.
func (e *Effects) bookkeeping(c ssa.CallInstruction) bool {
	common := c.Common()
	if common.IsInvoke() {
		return dbLike(common.Value.Type())
	}
	if common.StaticCallee() == nil {
		return false
	}
	return e.runsStatement(c, 0)
}

// runsStatement reports whether a call runs a statement on a database
// handle: it is a method of one or is given one, or it is a helper of the
// package that makes such a call; a function value called on the way is
// taken for one, as mayWrite takes it. Unlike runsSQL, a method of an
// interface that is no database handle (a publisher, a sender) is not
// taken for a write: it is the work the helper runs.
func (e *Effects) runsStatement(c ssa.CallInstruction, depth int) bool {
	common := c.Common()
	if common.IsInvoke() {
		return dbLike(common.Value.Type())
	}
	for _, a := range common.Args {
		if dbLike(a.Type()) {
			return true
		}
	}
	callee := common.StaticCallee()
	if callee == nil {
		_, builtin := common.Value.(*ssa.Builtin)
		return !builtin // a function value (a factory, a hook), as mayWrite takes it
	}
	if callee.Pkg != e.pkg {
		return false
	}
	if depth >= maxWriteDepth || callee.Blocks == nil {
		return true
	}
	for _, b := range callee.Blocks {
		for _, instr := range b.Instrs {
			if ci, ok := instr.(ssa.CallInstruction); ok && e.runsStatement(ci, depth+1) {
				return true
			}
		}
	}
	return false
}

// maxWriteDepth bounds how deep mayWrite follows the package's helpers.
const maxWriteDepth = 3

// mayWrite reports whether a call on a failure path may write to the
// database: a statement run on a handle, a call given a handle, a helper of the package
// that makes such a call, a function value, or a method of a non-standard
// interface (a store's MarkFailed(ctx, id) may run in a transaction of its
// own). A library's other functions (formatting, logging, metrics) do not.
// (It reads e.pkg: it also runs while the Effects is built.)
func (e *Effects) mayWrite(c ssa.CallInstruction, depth int) bool {
	common := c.Common()
	if b, ok := common.Value.(*ssa.Builtin); ok && !common.IsInvoke() {
		return b.Name() == "recover"
	}
	for _, a := range common.Args {
		if dbLike(a.Type()) {
			return true
		}
	}
	if common.IsInvoke() {
		if dbLike(common.Value.Type()) {
			return true
		}
		pkg := common.Method.Pkg()
		return pkg != nil && !standardLibrary(pkg.Path()) && !DatabaseLibrary(pkg.Path()) && !logging(common.Method.Name())
	}
	callee := common.StaticCallee()
	if callee == nil {
		return true // a function value
	}
	if callee.Pkg != e.pkg {
		return false // a library's: handles it is given were seen above
	}
	return e.runsSQL(c, depth)
}

// runsSQL reports whether a call runs SQL: given a database handle, or a
// helper of the package that runs a statement or may write (see mayWrite).
func (e *Effects) runsSQL(c ssa.CallInstruction, depth int) bool {
	common := c.Common()
	if common.IsInvoke() && dbLike(common.Value.Type()) {
		return true
	}
	for _, a := range common.Args {
		if dbLike(a.Type()) {
			return true
		}
	}
	callee := common.StaticCallee()
	if callee == nil || callee.Pkg != e.pkg {
		return false
	}
	if depth >= maxWriteDepth || callee.Blocks == nil {
		return true
	}
	for _, b := range callee.Blocks {
		for _, instr := range b.Instrs {
			if ci, ok := instr.(ssa.CallInstruction); ok && e.mayWrite(ci, depth+1) {
				return true
			}
		}
	}
	return false
}

// logging reports whether a method name is a logger's.
func logging(name string) bool {
	for _, p := range []string{"Print", "Log", "Debug", "Info", "Warn", "Error", "Fatal"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// callbackTxs returns the transactions the package's own helpers run a
// function in, as pgx.BeginFunc does: a call WithTx(ctx, func(tx pgx.Tx)
// error {...}) of a helper whose body begins a transaction, calls its
// function parameter with it, and rolls it back when that function
// returns an error. The function literal is the transaction's Func, the
// call its Begin. The helper may be called through an interface whose
// receiver holds its type (InvokeCallee), and may hand the function a
// context that carries the transaction instead (ctxtx.go).
func (e *Effects) callbackTxs(txs []*Tx) []*Tx {
	helpers := map[*ssa.Function]*Tx{}
	params := map[*ssa.Function]int{}
	ctxKeys := map[*ssa.Function]ctxGift{} // helpers that hand the function a context carrying t
	for _, t := range txs {
		if t.Begin == nil || t.Func != t.Begin.Parent() || t.Func.Parent() != nil {
			continue
		}
		fn := t.Func
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				c, ok := instr.(*ssa.Call)
				if !ok || c.Common().IsInvoke() {
					continue
				}
				p, ok := c.Common().Value.(*ssa.Parameter)
				if !ok {
					continue
				}
				gift, byCtx := givesCtxTx(c, t)
				if !givesTx(c, t) && !byCtx || !e.callbackRollsBack(t, c) {
					continue
				}
				helpers[fn], params[fn] = t, slices.Index(fn.Params, p)
				if byCtx {
					ctxKeys[fn] = gift
					if e.ctxHelpers == nil {
						e.ctxHelpers = map[*Tx]ctxHelper{}
					}
					e.ctxHelpers[t] = ctxHelper{ctxGift: gift, fnParam: params[fn]}
				}
			}
		}
	}
	var out []*Tx
	for _, c := range e.sortedCalls() {
		common := c.Common()
		if !slices.ContainsFunc(common.Args, func(a ssa.Value) bool { return funcArg(a) != nil }) {
			continue // a helper is given the function it runs
		}
		callee := common.StaticCallee()
		if common.IsInvoke() {
			callee = e.InvokeCallee(c)
		}
		helper, ok := helpers[callee]
		if !ok {
			if t := e.importedHelperTx(c); t != nil {
				out = append(out, t)
			}
			continue
		}
		arg := argOf(c, callee, params[callee])
		if arg == nil {
			continue
		}
		lit := funcArg(arg)
		if lit == nil {
			continue
		}
		if gift, ok := ctxKeys[callee]; ok {
			if gift.arg < len(lit.Params) && isContext(lit.Params[gift.arg].Type()) {
				h := Handle{Kind: KindTx, root: lit.Params[gift.arg], path: ctxStep + gift.key + ")"}
				out = append(out, &Tx{Begin: c, Func: lit, Isolation: helper.Isolation, Handle: h})
			}
			continue
		}
		var tx ssa.Value
		for _, q := range lit.Params {
			if dbLike(q.Type()) {
				if tx != nil {
					tx = nil
					break
				}
				tx = q
			}
		}
		if tx == nil {
			continue
		}
		out = append(out, &Tx{Begin: c, Func: lit, Isolation: helper.Isolation, Handle: handleOf(tx)})
	}
	return out
}

// givesTx reports whether a call is given t's handle as an argument.
func givesTx(c ssa.CallInstruction, t *Tx) bool {
	for i := range c.Common().Args {
		if ArgHandle(c, i).Same(t.Handle) {
			return true
		}
	}
	return false
}

// callbackRollsBack reports whether, in the function that began t, the
// error a call returns is checked and its side rolls t back with nothing
// written (see rollsBack).
func (e *Effects) callbackRollsBack(t *Tx, c *ssa.Call) bool {
	for check := range errChecks(t.Func) {
		errVal := check.err
		if x, ok := errVal.(*ssa.Extract); ok {
			errVal = x.Tuple
		}
		if errVal == ssa.Value(c) && e.rollsBack(t, check.at, check.onError, c) != nil {
			return true
		}
	}
	// return fn(ctx, tx), through a named result that a deferred function
	// literal rolls back on and commits only when it is nil.
	for _, b := range t.Func.Blocks {
		ret, ok := last(b).(*ssa.Return)
		if !ok || !returnsWorkError(ret, c) {
			continue
		}
		for _, d := range t.Func.Blocks {
			for _, instr := range d.Instrs {
				if def, ok := instr.(*ssa.Defer); ok && Before(def, ret) && e.deferredRollbackOnError(def, t) {
					return true
				}
			}
		}
	}
	return false
}

// A ctxGift is how a transaction helper hands its function a context
// carrying the transaction: the argument it is, and the key it is under.
type ctxGift struct {
	arg int
	key string
}

// A ctxHelper is a transaction helper of the package that hands its
// function a context carrying the transaction: the gift, and the helper's
// parameter that is the function.
type ctxHelper struct {
	ctxGift
	fnParam int
}

// importedHelperTx returns the transaction a call of another package's
// helper (its CtxTx fact) runs a function literal in, or nil.
func (e *Effects) importedHelperTx(c ssa.CallInstruction) *Tx {
	var obj *types.Func
	if c.Common().IsInvoke() {
		obj = e.invokedMethod(c)
	} else if callee := c.Common().StaticCallee(); callee != nil {
		obj, _ = callee.Object().(*types.Func)
	}
	var f CtxTx
	if obj == nil || obj.Pkg() == e.pkg.Pkg || !e.pass.ImportObjectFact(obj.Origin(), &f) || f.Fn < 0 {
		return nil
	}
	i := f.Fn
	args := c.Common().Args
	if c.Common().IsInvoke() {
		i--
	}
	if i < 0 || i >= len(args) {
		return nil
	}
	lit := funcArg(args[i])
	if lit == nil || lit.Pkg != e.pkg || f.Arg >= len(lit.Params) || !isContext(lit.Params[f.Arg].Type()) {
		return nil
	}
	h := Handle{Kind: KindTx, root: lit.Params[f.Arg], path: ctxStep + f.Key + ")"}
	return &Tx{Begin: c, Func: lit, Isolation: f.Isolation, Handle: h}
}

// givesCtxTx reports whether a call is given a context that carries t's
// handle (context.WithValue(ctx, key, tx), or a context derived from one).
func givesCtxTx(c ssa.CallInstruction, t *Tx) (ctxGift, bool) {
	for i, a := range c.Common().Args {
		if !isContext(a.Type()) {
			continue
		}
		for v := a; v != nil; v = ctxParent(v) {
			if _, key, val, ok := withValue(v); ok {
				if handleOf(val).Same(t.Handle) {
					return ctxGift{arg: i, key: key}, true
				}
				break
			}
		}
	}
	return ctxGift{}, false
}

// rollbackHelper reports whether a call is of a function of the package
// given t that always rolls back the transaction it is given and commits
// nothing (func (s *Store) rollback(tx *sqlx.Tx) { _ = tx.Rollback() }).
// A helper that rolls back only on some paths (when an error it is given
// is not nil) is no such end: which path it takes is not read.
func (e *Effects) rollbackHelper(c ssa.CallInstruction, t *Tx) bool {
	common := c.Common()
	callee := common.StaticCallee()
	if common.IsInvoke() || callee == nil || callee.Pkg != e.pkg || len(callee.Blocks) == 0 || len(callee.Params) != len(common.Args) {
		return false
	}
	param := -1
	for i := range common.Args {
		if ArgHandle(c, i).Same(t.Handle) {
			param = i
		}
	}
	if param < 0 {
		return false
	}
	return alwaysRollsBack(callee, handleOf(callee.Params[param]))
}
