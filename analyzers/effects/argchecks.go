package effects

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// UnconditionalPastFailures reports whether instr runs on every path of
// its function that passes the function's checks of its own arguments and
// its returns of a failed call's error: a store's exported Retry that
// starts with `if id == "" { return ErrInvalid }`, or loads the job first
// (`if err := row.Scan(&queue); err != nil { return err }`, `tx, err :=
// pool.Begin(ctx); if err != nil { return err }`), still retries whenever
// its caller asks with a valid job it can load, so its callers decide, as
// for a function with no branch at all.
//
// A branch is an argument check when it compares an argument (or what
// the function computes from its arguments with len, the standard
// library's string functions or time.Time's methods:
// strings.TrimSpace(id) == "") with a constant, tests such a call alone
// (runAt.IsZero()), or compares the receiver (or one of its fields) with
// nil; an argument a closure captures counts too. It is a failure's
// return when it compares with nil an error that only calls for which
// failed holds may have returned: the caller leaves out a call whose
// failure is itself a decision (a SELECT whose WHERE compares the
// attempts returns no row when they ran out). The way that leaves instr
// behind must only return: it calls nothing outside errors, fmt, log,
// strings and strconv. A way that records something (return s.fail(ctx,
// id)) makes the branch a decision, not a check.
//
// In a function literal, the literal must also be made or referenced
// that way in the function enclosing it.
func UnconditionalPastFailures(instr ssa.Instruction, failed func(ssa.CallInstruction) bool) bool {
	check := func(fn *ssa.Function, cond ssa.Value) bool {
		return argumentCheck(fn, cond) || failedCallCheck(cond, failed)
	}
	return throughLiterals(instr, func(i ssa.Instruction) bool { return unconditionalPast(i, check) })
}

// failedCallCheck reports whether cond compares with nil an error that
// only calls for which failed holds may have returned.
func failedCallCheck(cond ssa.Value, failed func(ssa.CallInstruction) bool) bool {
	b, ok := cond.(*ssa.BinOp)
	if !ok || (b.Op != token.EQL && b.Op != token.NEQ) {
		return false
	}
	x, y := b.X, b.Y
	if c, isConst := x.(*ssa.Const); isConst && c.IsNil() {
		x, y = y, x
	}
	if c, isConst := y.(*ssa.Const); !isConst || !c.IsNil() || !types.Identical(x.Type(), errorType) {
		return false
	}
	calls, known := errorCalls(x)
	if !known || len(calls) == 0 {
		return false
	}
	for _, c := range calls {
		if !failed(c) {
			return false
		}
	}
	return true
}

var errorType = types.Universe.Lookup("error").Type()

// errorCalls returns the calls an error value may come from, through
// branches and the results of calls with several; known is false for any
// other source (a parameter, a value built here, memory).
func errorCalls(v ssa.Value) (calls []ssa.CallInstruction, known bool) {
	seen := map[ssa.Value]bool{}
	work := []ssa.Value{v}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[v] {
			continue
		}
		seen[v] = true
		switch v := v.(type) {
		case *ssa.Phi:
			work = append(work, v.Edges...)
		case *ssa.Const:
			if !v.IsNil() {
				return nil, false
			}
		case *ssa.Extract:
			c, ok := v.Tuple.(*ssa.Call)
			if !ok {
				return nil, false
			}
			calls = append(calls, c)
		case *ssa.Call:
			calls = append(calls, v)
		default:
			return nil, false
		}
	}
	return calls, true
}

// unconditionalPast reports whether instr runs on every path of its
// function that passes the branches check accepts, each of whose other
// way only returns.
func unconditionalPast(instr ssa.Instruction, check func(fn *ssa.Function, cond ssa.Value) bool) bool {
	if instr == nil || instr.Block() == nil {
		return false
	}
	target := instr.Block()
	fn := target.Parent()
	returns := WalkBlocks(fn.Blocks[:1], func(b *ssa.BasicBlock) ([]*ssa.BasicBlock, bool) {
		if b == target {
			return nil, false
		}
		switch x := last(b).(type) {
		case *ssa.Return:
			return nil, true
		case *ssa.If:
			yes, no := reachesAvoiding(b.Succs[0], target, b), reachesAvoiding(b.Succs[1], target, b)
			if yes != no && check(fn, x.Cond) {
				leaves := b.Succs[1]
				if no {
					leaves = b.Succs[0]
				}
				if onlyReturns(leaves, target) {
					if yes {
						return b.Succs[:1], false
					}
					return b.Succs[1:], false
				}
			}
		}
		return b.Succs, false
	})
	return !returns
}

// argumentCheck reports whether cond compares what fn was given with a
// constant.
func argumentCheck(fn *ssa.Function, cond ssa.Value) bool {
	if u, ok := cond.(*ssa.UnOp); ok && u.Op == token.NOT {
		cond = u.X
	}
	if call, ok := cond.(*ssa.Call); ok {
		return fromArguments(fn, call, 0) // runAt.IsZero(), strings.HasPrefix(key, "tmp-")
	}
	b, ok := cond.(*ssa.BinOp)
	if !ok {
		return false
	}
	switch b.Op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
	default:
		return false
	}
	x, y := b.X, b.Y
	if _, isConst := x.(*ssa.Const); isConst {
		x, y = y, x
	}
	c, isConst := y.(*ssa.Const)
	if !isConst {
		return false
	}
	if c.IsNil() {
		return fromReceiver(fn, x, 0)
	}
	return fromArguments(fn, x, 0)
}

// fromArguments reports whether v is computed from fn's parameters alone.
func fromArguments(fn *ssa.Function, v ssa.Value, depth int) bool {
	if depth > 4 {
		return false
	}
	switch v := v.(type) {
	case *ssa.Parameter:
		return v.Parent() == fn
	case *ssa.Convert:
		return fromArguments(fn, v.X, depth+1)
	case *ssa.ChangeType:
		return fromArguments(fn, v.X, depth+1)
	case *ssa.Field:
		return fromArguments(fn, v.X, depth+1)
	case *ssa.UnOp:
		if v.Op != token.MUL {
			return false
		}
		switch x := v.X.(type) {
		case *ssa.FieldAddr:
			return fromArguments(fn, x.X, depth+1)
		case *ssa.Alloc:
			return storedFromArguments(fn, x, depth+1) // a parameter a closure captures
		}
	case *ssa.Call:
		if !pureHelper(v.Common()) {
			return false
		}
		args := v.Common().Args
		for _, a := range args {
			if _, isConst := a.(*ssa.Const); !isConst && !fromArguments(fn, a, depth+1) {
				return false
			}
		}
		return len(args) > 0
	}
	return false
}

// storedFromArguments reports whether every value stored in the local
// variable a is computed from fn's parameters alone.
func storedFromArguments(fn *ssa.Function, a *ssa.Alloc, depth int) bool {
	stores := 0
	for _, r := range *a.Referrers() {
		switch r := r.(type) {
		case *ssa.Store:
			if r.Addr != a || !fromArguments(fn, r.Val, depth) {
				return false
			}
			stores++
		case *ssa.UnOp, *ssa.MakeClosure, *ssa.DebugRef:
		default:
			return false
		}
	}
	return stores > 0
}

// fromReceiver reports whether v is fn's receiver or a field of it.
func fromReceiver(fn *ssa.Function, v ssa.Value, depth int) bool {
	if fn.Signature.Recv() == nil || len(fn.Params) == 0 || depth > 2 {
		return false
	}
	switch v := v.(type) {
	case *ssa.Parameter:
		return v == fn.Params[0]
	case *ssa.UnOp:
		if f, ok := v.X.(*ssa.FieldAddr); ok && v.Op == token.MUL {
			return fromReceiver(fn, f.X, depth+1)
		}
	}
	return false
}

// pureHelper reports whether call is len, a function of the standard
// library's string packages, or a method of time.Time or time.Duration
// (runAt.IsZero(), d.Seconds()): what it returns depends on its arguments
// alone.
func pureHelper(call *ssa.CallCommon) bool {
	if b, ok := call.Value.(*ssa.Builtin); ok {
		return b.Name() == "len"
	}
	f := call.StaticCallee()
	if f == nil {
		return false
	}
	switch funcPkgPath(f) {
	case "strings", "bytes", "unicode/utf8":
		return f.Signature.Recv() == nil
	case "time":
		return f.Signature.Recv() != nil
	}
	return false
}

// onlyReturns reports whether every way from b that does not reach target
// returns without a call outside the packages that build errors, format
// and log.
func onlyReturns(b, target *ssa.BasicBlock) bool {
	records := WalkBlocks([]*ssa.BasicBlock{b}, func(x *ssa.BasicBlock) ([]*ssa.BasicBlock, bool) {
		if x == target {
			return nil, true
		}
		for _, instr := range x.Instrs {
			if c, ok := instr.(ssa.CallInstruction); ok && !quietCall(c.Common()) {
				return nil, true
			}
		}
		return x.Succs, false
	})
	return !records
}

func quietCall(call *ssa.CallCommon) bool {
	if _, ok := call.Value.(*ssa.Builtin); ok {
		return true
	}
	f := call.StaticCallee()
	if f == nil {
		return false
	}
	switch funcPkgPath(f) {
	case "errors", "fmt", "log", "log/slog", "strings", "strconv":
		return true
	}
	return false
}

// funcPkgPath returns the path of f's package; the methods of another
// package's types have no *ssa.Package, only their object.
func funcPkgPath(f *ssa.Function) string {
	if obj, ok := f.Object().(*types.Func); ok && obj.Pkg() != nil {
		return obj.Pkg().Path()
	}
	if f.Pkg != nil {
		return f.Pkg.Pkg.Path()
	}
	return ""
}
