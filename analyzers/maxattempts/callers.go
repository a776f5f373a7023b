package maxattempts

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/internal/callerargs"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

// A store's exported Retry that puts the job back on every path decides
// nothing: its callers do, and they are usually in another package (the
// worker). Its package hands the retry on (Retries); each package that
// calls the function judges its calls as if the retry were written there:
// guarded by an attempt comparison, or reported at the call.

// Retries is the fact that an exported function puts a failed job back on
// every path, and that nothing its package can see limits the attempts.
type Retries struct {
	Retry queuemodel.Deferred
	// Param is the parameter (from 1) whose value decides between
	// the retry and its alternative; 0 when the function always retries.
	// RetriesWhen is the value of that parameter that retries: +1 true,
	// -1 false, 0 not known. A parameter the function compares with nil
	// (FailTask(ctx, id, msg, retryAt *time.Time)) decides too: +1 not
	// nil, -1 nil.
	Param       int
	RetriesWhen int
	// When the state the function writes is its caller's choice
	// (SetStatus(ctx, id, status), or a field of a parameter struct),
	// StateParam is that parameter (from 1, past a receiver), StateField
	// the field, and States the values that make the write a retry
	// (strings, or callerargs.IntConst for an integer enum).
	StateParam int
	StateField string
	States     []string
	// Resets is the attempt column the retry sets back to 0: no guard
	// stops that retry, only who asks for it does (an operator's request
	// is a requeue by hand, a worker's failure path never reaches the
	// limit).
	Resets string
	// Also are the function's other retries, each under its own
	// condition (a bool parameter's and a chosen state's): a call is
	// judged against each.
	Also []Retries
}

func (*Retries) AFact() {}

// each returns the retries the fact holds, one per condition.
func (r *Retries) each() []Retries {
	first := *r
	first.Also = nil
	return append([]Retries{first}, r.Also...)
}

// merge adds the retries of o the fact does not hold yet.
func (r *Retries) merge(o Retries) {
	have := r.each()
	for _, x := range o.each() {
		if !slices.ContainsFunc(have, func(y Retries) bool { return sameRetry(x, y) }) {
			r.Also = append(r.Also, x)
			have = append(have, x)
		}
	}
}

func sameRetry(x, y Retries) bool {
	return x.Retry.Same(y.Retry) && x.Param == y.Param && x.RetriesWhen == y.RetriesWhen && x.StateParam == y.StateParam && x.StateField == y.StateField && slices.Equal(x.States, y.States) && x.Resets == y.Resets
}

func (r *Retries) String() string {
	var parts []string
	for _, x := range r.each() {
		parts = append(parts, x.one())
	}
	return strings.Join(parts, "; ")
}

func (r *Retries) one() string {
	s := "retries(" + r.Retry.At + ")"
	if r.Resets != "" {
		s = "resets " + r.Resets + "(" + r.Retry.At + ")"
	}
	if r.StateParam > 0 {
		at := fmt.Sprint(r.StateParam)
		if r.StateField != "" {
			at += "." + r.StateField
		}
		states := make([]string, len(r.States))
		for i, v := range r.States {
			if n, ok := strings.CutPrefix(v, callerargs.IntConst("")); ok {
				states[i] = n
			} else {
				states[i] = strconv.Quote(v)
			}
		}
		s += fmt.Sprintf(" when %s is %s", at, strings.Join(states, " or "))
	}
	return s
}

// retriesAt collects the package's functions whose callers decide.
type retriesAt struct {
	facts map[*types.Func]*Retries
}

func newRetriesAt() *retriesAt { return &retriesAt{facts: make(map[*types.Func]*Retries)} }

// add hands a retry made in fn on to fn's callers (and to the callers of
// the package's interface methods fn implements).
func (d *retriesAt) add(pass *analysis.Pass, m *queuemodel.Model, fn *ssa.Function, param, when int, r *queuemodel.Statement) {
	obj, ok := fn.Object().(*types.Func)
	if !ok {
		return
	}
	d.hand(pass, obj, Retries{Retry: m.Defer(pass, obj, 0, r, ""), Param: param, RetriesWhen: when})
}

func (d *retriesAt) hand(pass *analysis.Pass, fn *types.Func, f Retries) {
	for _, m := range append([]*types.Func{fn}, queuemodel.InterfaceMethods(pass, fn)...) {
		if have, ok := d.facts[m]; ok {
			have.merge(f)
		} else {
			g := f
			g.Also = slices.Clone(f.Also)
			d.facts[m] = &g
		}
	}
}

func (d *retriesAt) export(pass *analysis.Pass) {
	for fn, f := range d.facts {
		pass.ExportObjectFact(fn, f)
	}
}

// judgeCalls judges the package's calls of other packages' functions that
// always retry: a call that no attempt comparison guards is a retry with
// no limit, reported at the call, unless the package records a failure
// under a guard of its own. A call made on every path of an exported
// function that nothing here calls is handed on again.
// It reports whether the package calls a function that retries.
func judgeCalls(pass *analysis.Pass, m *queuemodel.Model, e *judge, guardedFail bool, deferred *retriesAt, wire *wiring) (callsRetry bool) {
	for cur := range m.Inspector().Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		fn := queuemodel.Callee(pass, call)
		if fn == nil {
			continue
		}
		if queuemodel.InTestFile(pass, call.Pos()) || m.ResetsStuck(call) {
			continue // a reset of a job a scan found stuck is a reclaim: the lease's business
		}
		instr := e.Call(call)
		var fact Retries
		if !implementedRetries(pass, m, fn, &fact) && (fn.Pkg() == pass.Pkg || !pass.ImportObjectFact(fn, &fact)) &&
			(instr == nil || !ownImplementedRetries(m, e, deferred, fn, instr, &fact)) {
			if instr != nil {
				wire.note(pass, m, e, guardedFail, call, fn, instr)
			}
			continue
		}
		callsRetry = true
		if instr == nil {
			continue // no SSA: not guessed
		}
		for _, f := range fact.each() {
			if judgeCall(pass, m, e, guardedFail, deferred, call, instr, fn, f) {
				break // reported once
			}
		}
	}
	return callsRetry
}

// judgeCall judges one call of a function that retries under the
// condition f says, and reports whether it reported the call.
func judgeCall(pass *analysis.Pass, m *queuemodel.Model, e *judge, guardedFail bool, deferred *retriesAt, call *ast.CallExpr, instr ssa.CallInstruction, fn *types.Func, f Retries) bool {
	if f.Resets != "" {
		return judgeResetCall(pass, m, e, deferred, call, instr, f)
	}
	if f.Param > 0 && f.RetriesWhen != 0 {
		if given, ok := givenBool(instr, f.Param-1); ok && given != (f.RetriesWhen > 0) {
			return false // the call passes the value that does not retry
		}
	}
	if f.StateParam > 0 {
		state, ok := givenState(instr, f.StateParam-1, f.StateField)
		if !ok {
			// Not a constant here: it may be this function's caller's.
			handStates(pass, m, e, instr, fn, f, deferred)
			return false
		}
		if !slices.Contains(f.States, state) {
			return false // this call writes another state
		}
	}
	switch v, top := retryGuard(e, instr); v {
	case guarded:
	case callersDecide:
		if obj, ok := top.Object().(*types.Func); ok {
			deferred.hand(pass, obj, Retries{Retry: f.Retry})
		}
	default:
		if f.Param > 0 {
			if arg := effects.Arg(instr, f.Param-1); arg != nil && (comparesCount(e, arg, 1, map[ssa.Value]bool{}) || givenUnderGuard(e, arg, f.RetriesWhen)) {
				return false // the value the call passes decides on the attempts
			}
		}
		if guardedFail || failsOnceCounted(pass, m, e, call, instr, fn) || beforeWork(e, m, instr, 2) || byHand(instr) || noFailureBefore(e, instr, 3) {
			return false // a requeue by hand (an operator's or a user's), or an enqueue no failure leads to
		}
		what := fmt.Sprintf("%s retries on every path (%s)", f.Retry.Func, f.Retry.At)
		if f.StateParam > 0 {
			what = fmt.Sprintf("with the state this call gives it, %s puts the job back (%s)", f.Retry.Func, f.Retry.At)
		}
		if f.Param > 0 {
			what = fmt.Sprintf("%s retries unless its caller says the attempts ran out (%s), and this call's argument compares no attempt count", f.Retry.Func, f.Retry.At)
		}
		related := "the retry " + f.Retry.Func + " makes on every path"
		if f.StateParam > 0 {
			related = "the retry " + f.Retry.Func + " makes with that state"
		}
		if f.Param > 0 {
			related = "the retry " + f.Retry.Func + " makes unless its caller says the attempts ran out"
		}
		pass.Report(analysis.Diagnostic{
			Pos: call.Pos(),
			Related: []analysis.RelatedInformation{{
				Pos:     m.RelatedPos(f.Retry),
				Message: related,
			}},
			Message: fmt.Sprintf("this call puts the job back with no limit\n%s, and no attempt comparison guards this call, so a job that always fails is retried for ever; "+
				"guard it (if job.Attempts >= max { fail }) or decide in its SQL (CASE WHEN attempts >= $n THEN 'failed' ...)", what),
		})
		return true
	}
	return false
}

// givenState returns the constant a call passes to parameter i (from 0,
// past a receiver), or sets in its field when field is set (a literal
// Params{Status: "queued"}, by value or by address), as the values of
// Retries.States are written.
func givenState(call ssa.CallInstruction, i int, field string) (string, bool) {
	v := effects.Unconverted(effects.Arg(call, i))
	if field != "" {
		v = fieldStored(v, field)
	}
	c, ok := effects.Unconverted(v).(*ssa.Const)
	if !ok || c.Value == nil {
		return "", false
	}
	switch c.Value.Kind() {
	case constant.String:
		return constant.StringVal(c.Value), true
	case constant.Int:
		return callerargs.IntConst(c.Value.ExactString()), true
	}
	return "", false
}

// givenBool returns the constant a call passes to its bool parameter i
// (from 0, past a receiver); false for a nil given to a parameter the
// callee compares with nil.
func givenBool(call ssa.CallInstruction, i int) (bool, bool) {
	switch v := effects.Unconverted(effects.Arg(call, i)).(type) {
	case *ssa.Const:
		if v.IsNil() && !isBool(v.Type()) {
			return false, true // nil, where the parameter is compared with nil
		}
		if v.Value == nil || v.Value.Kind() != constant.Bool {
			return false, false
		}
		return constant.BoolVal(v.Value), true
	}
	return false, false
}

// fieldStored returns the one value a struct built in the function has
// stored in a field: Params{Status: s} is an Alloc whose field address
// is stored to once. Nil for anything else.
func fieldStored(v ssa.Value, field string) ssa.Value {
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		v = load.X
	}
	alloc, ok := v.(*ssa.Alloc)
	if !ok {
		return nil
	}
	var stored ssa.Value
	for _, r := range *alloc.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || fieldName(alloc.Type(), fa.Field) != field {
			continue
		}
		for _, rr := range *fa.Referrers() {
			if st, ok := rr.(*ssa.Store); ok && st.Addr == fa {
				if stored != nil {
					return nil
				}
				stored = st.Val
			}
		}
	}
	return stored
}

// handStates hands on a retry whose state a call passes on from its own
// function's parameter (through at most one mapping, toDB(status)): the
// module's Go files say which values of that parameter give the states
// that retry (see callerargs.Preimage). Only an exported function that
// nothing here calls and that no attempt comparison guards the call in
// hands it on; otherwise its state is out of sight, and nothing is said.
func handStates(pass *analysis.Pass, m *queuemodel.Model, e *judge, instr ssa.CallInstruction, callee *types.Func, f Retries, deferred *retriesAt) {
	ix := m.CallerArgs()
	top := instr.Parent()
	obj, ok := top.Object().(*types.Func)
	if ix == nil || !ok || !obj.Exported() || effects.Guarded(instr, guardCond(e)) ||
		len(slices.DeleteFunc(slices.Clone(e.CallersOf(top)), inTest)) > 0 || len(e.MayCall(top)) > 0 {
		return
	}
	p := pass.Fset.Position(instr.Pos())
	at, pre, ok := ix.Preimage(p.Filename, p.Offset, callee.Name(), callee.Type().(*types.Signature).Params().Len(),
		callerargs.Pos{Index: f.StateParam - 1, Field: f.StateField}, f.States)
	if !ok {
		return
	}
	deferred.hand(pass, obj, Retries{Retry: f.Retry, StateParam: at.Index + 1, StateField: at.Field, States: pre})
}

// givenUnderGuard reports whether a pointer the call passes holds the
// value that retries (not nil for when > 0, else nil) only where an
// attempt comparison put it: var next *time.Time; if attempt < max {
// next = &t }. Every edge of the phi that brings such a value must be
// guarded.
func givenUnderGuard(e *judge, arg ssa.Value, when int) bool {
	phi, ok := effects.Unconverted(arg).(*ssa.Phi)
	if !ok {
		return false
	}
	for i, in := range phi.Edges {
		c, isConst := in.(*ssa.Const)
		if retries := !(isConst && c.IsNil()); retries != (when > 0) {
			continue
		}
		pred := phi.Block().Preds[i]
		if v, _ := guardAt(e, pred.Instrs[len(pred.Instrs)-1], 0); v != guarded {
			return false
		}
	}
	return true
}

// judgeResetCall judges a call of another package's function that puts a
// job back with its attempt count set to 0 (an admin's "retry" button's
// query): a call made while serving an HTTP request is a requeue by hand;
// one made on every path of an exported function that nothing here calls
// is handed on to its callers; any other call is reported, since no guard
// can stop a retry that restarts the count.
func judgeResetCall(pass *analysis.Pass, m *queuemodel.Model, e *judge, deferred *retriesAt, call *ast.CallExpr, instr ssa.CallInstruction, f Retries) bool {
	if byHand(instr) {
		return false
	}
	if top, ok := resetAtCallers(e, instr); ok {
		if obj, ok := top.Object().(*types.Func); ok {
			deferred.hand(pass, obj, Retries{Retry: f.Retry, Resets: f.Resets})
		}
		return false
	}
	pass.Report(analysis.Diagnostic{
		Pos: call.Pos(),
		Related: []analysis.RelatedInformation{{
			Pos:     m.RelatedPos(f.Retry),
			Message: "the retry " + f.Retry.Func + " makes, setting " + f.Resets + " to 0",
		}},
		Message: fmt.Sprintf("this call resets %s to 0, the count the attempt limit is compared with\n%s puts the job back with %s = 0, so the limit is never reached and a job that always fails is retried for ever; "+
			"keep counting (%s = %s + 1), and reset only when a job is enqueued again by hand", f.Resets, f.Retry.Func, f.Resets, f.Resets, f.Resets),
	})
	return true
}

// byHand reports whether a call runs while its function, or a function
// it is written in, serves an HTTP request (queuemodel.ServesRequest) or
// parses a command line (a CLI's subcommand: flag.Parse, or a FlagSet's
// Parse): what it does to a job, someone asked for.
func byHand(instr ssa.Instruction) bool {
	for fn := instr.Parent(); fn != nil; fn = fn.Parent() {
		if queuemodel.ServesRequest(fn.Signature) || parsesFlags(fn) {
			return true
		}
	}
	return false
}

// parsesFlags reports whether a function parses command-line flags.
func parsesFlags(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if callee := call.Common().StaticCallee(); callee != nil && callee.Pkg != nil && callee.Pkg.Pkg.Path() == "flag" && callee.Name() == "Parse" {
				return true
			}
		}
	}
	return false
}

// resetAtCallers returns the exported function that makes instr on every
// path and that nothing in the package calls: its callers, elsewhere,
// decide whether the reset is a requeue by hand.
func resetAtCallers(e *judge, instr ssa.CallInstruction) (*ssa.Function, bool) {
	top := instr.Parent()
	for top.Parent() != nil {
		top = top.Parent()
	}
	obj, _ := top.Object().(*types.Func)
	if obj == nil || !obj.Exported() || len(slices.DeleteFunc(slices.Clone(e.CallersOf(top)), inTest)) > 0 || len(slices.DeleteFunc(e.MayCall(top), inTest)) > 0 {
		return nil, false
	}
	return top, effects.UnconditionalThroughLiterals(instr)
}
