package maxattempts

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/internal/attempts"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

// Guards in Go are judged on the control-flow graph (effects.Guarded): a
// statement is guarded when every path to it passes a branch on an attempt
// count that decides whether it runs, whether that branch is an enclosing
// if, an early return, a switch case before a default, or a loop's exit.

// A judge answers questions about the package's Go code: the effects
// layer, and the syntax of its comparisons. SSA keeps no name for a local
// assigned from a call with several results (id, attempts, err :=
// claim()); the comparison's syntax still says what it compares.
type judge struct {
	*effects.Effects
	pass        *analysis.Pass
	comparisons map[token.Pos]*ast.BinaryExpr         // by operator position, as ssa.BinOp.Pos reports it
	callExprs   map[token.Pos]*ast.CallExpr           // by opening parenthesis, as ssa.CallCommon.Pos reports it
	decidedBy   map[*ssa.Function]int                 // a function whose callers decide through a bool parameter: its index, from 1
	retriesWhen map[*ssa.Function]int                 // and the value of that parameter that retries: +1 true, -1 false, 0 not known
	givers      map[*queuemodel.Statement][]token.Pos // a retry whose CASE a bound bool decides: the calls that bind the value that retries
	undoes      map[*queuemodel.Statement]token.Pos   // a retry that undoes a failure: the call that records the failure
	sqlAt       map[token.Pos]*queuemodel.Call        // the model's database calls, by opening parenthesis
}

func newJudge(pass *analysis.Pass, m *queuemodel.Model, e *effects.Effects) *judge {
	j := &judge{pass: pass, Effects: e, comparisons: map[token.Pos]*ast.BinaryExpr{}, callExprs: map[token.Pos]*ast.CallExpr{}, decidedBy: map[*ssa.Function]int{}, retriesWhen: map[*ssa.Function]int{}, givers: map[*queuemodel.Statement][]token.Pos{}, undoes: map[*queuemodel.Statement]token.Pos{}, sqlAt: map[token.Pos]*queuemodel.Call{}}
	for _, c := range m.Calls {
		j.sqlAt[c.Expr.Lparen] = c
	}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BinaryExpr:
				j.comparisons[n.OpPos] = n
			case *ast.CallExpr:
				j.callExprs[n.Lparen] = n
			}
			return true
		})
	}
	return j
}

// A verdict is what the Go code around a statement says about its guard.
type verdict int

const (
	unguarded     verdict = iota
	guarded               // every path to it passes an attempt comparison
	callersDecide         // it runs on every path, or as a bool parameter says, in an exported function no code of the package calls
)

// guard judges a database call: guarded in its function, or at the calls
// of that function in this package (two levels up). An exported function
// that this package does not call and that makes the call on every path
// leaves the decision to its callers, out of sight here.
func guard(e *judge, call ssa.CallInstruction) (verdict, *ssa.Function) {
	return guardAt(e, call, 2)
}

// retryGuard judges a call that puts a job back as guard does, and also
// takes it for guarded where its function makes it only once the job's
// work succeeded: a job moved on to its next stage is not a failure
// retried. Only the function that makes the call is asked: its callers'
// checks of the claim's error say nothing about the work's.
func retryGuard(e *judge, call ssa.CallInstruction) (verdict, *ssa.Function) {
	if effects.AfterSuccess(call) || valueDecided(e, call) {
		return guarded, nil
	}
	return guard(e, call)
}

func guardAt(e *judge, instr ssa.Instruction, depth int) (verdict, *ssa.Function) {
	if instr == nil {
		return unguarded, nil
	}
	if effects.Guarded(instr, guardCond(e)) {
		return guarded, nil
	}
	top := instr.Parent()
	for top.Parent() != nil {
		top = top.Parent() // a function literal: its callers are its enclosing function's
	}
	if depth == 0 {
		return unguarded, nil
	}
	// A test that calls a store's retry sets up a case: it decides
	// nothing for the code that runs the queue. A method is also reached
	// through the package's interfaces its type implements: a guard at
	// such a call counts, but only the static calls say whether the
	// package calls the function at all (an exported method that only an
	// interface reaches may be called from elsewhere too: the package's
	// own calls through the interface are judged as calls, see
	// ownImplementedRetries).
	callers := slices.DeleteFunc(slices.Clone(e.CallersOf(top)), inTest)
	for _, c := range slices.DeleteFunc(e.MayCall(top), inTest) {
		if v, _ := guardAt(e, c, depth-1); v == guarded {
			return guarded, nil
		}
	}
	obj, _ := top.Object().(*types.Func)
	if len(callers) == 0 && obj != nil && obj.Exported() {
		if effects.UnconditionalThroughLiterals(instr) || effects.UnconditionalPastFailures(instr, e.plainFailure) {
			return callersDecide, top
		}
		if p, ok := decidingParam(top, instr); ok {
			e.decidedBy[top] = p
			e.retriesWhen[top] = retriesWhen(top, p, instr)
			return callersDecide, top
		}
	}
	return unguarded, nil
}

// decidingParam returns the parameter of fn (counted from 1, past a
// receiver), a bool or one compared with nil, that alone decides whether
// instr runs: Retry(ctx, id, last bool) fails the job when last is true
// and retries it otherwise. Its callers decide, with the value they pass.
func decidingParam(fn *ssa.Function, instr ssa.Instruction) (int, bool) {
	if instr.Parent() != fn {
		return 0, false
	}
	recv := 0
	if fn.Signature.Recv() != nil {
		recv = 1
	}
	found, many := 0, false
	ok := effects.Guarded(instr, func(cond ssa.Value) bool {
		if u, isNot := cond.(*ssa.UnOp); isNot && u.Op == token.NOT {
			cond = u.X
		}
		p, isParam := cond.(*ssa.Parameter)
		if !isParam {
			p = nilCompared(cond)
		}
		if p == nil {
			return false
		}
		i := slices.Index(fn.Params, p) - recv + 1
		if i < 1 {
			return false
		}
		many = many || found != 0 && found != i
		found = i
		return true
	})
	return found, ok && !many
}

// nilCompared returns the parameter a condition compares with nil (p !=
// nil, nil == p), or nil: FailTask(ctx, id, msg, retryAt *time.Time)
// puts the job back only when its caller gives a time.
func nilCompared(cond ssa.Value) *ssa.Parameter {
	b, ok := cond.(*ssa.BinOp)
	if !ok || b.Op != token.EQL && b.Op != token.NEQ {
		return nil
	}
	x, y := b.X, b.Y
	if c, isConst := x.(*ssa.Const); isConst && c.IsNil() {
		x, y = y, x
	}
	p, isParam := x.(*ssa.Parameter)
	if c, isConst := y.(*ssa.Const); !isParam || !isConst || !c.IsNil() {
		return nil
	}
	return p
}

// retriesWhen says which value of fn's parameter p (from 1, past a
// receiver) lets instr run: +1 true (or, for a parameter compared with
// nil, not nil), -1 false (nil), 0 when the branches do not say.
func retriesWhen(fn *ssa.Function, p int, instr ssa.Instruction) int {
	if fn.Signature.Recv() != nil {
		p++
	}
	param := fn.Params[p-1]
	if isBool(param.Type()) {
		return decided(effects.DecidedBy(instr, param))
	}
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		br, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok || nilCompared(br.Cond) != param {
			continue
		}
		when := decided(effects.DecidedBy(instr, br.Cond))
		if br.Cond.(*ssa.BinOp).Op == token.EQL {
			when = -when // p == nil lets it run: nil retries
		}
		if when != 0 {
			return when
		}
	}
	return 0
}

func decided(when, ok bool) int {
	switch {
	case !ok:
		return 0
	case when:
		return 1
	}
	return -1
}

// boundGuarded reports whether the state a statement binds through a
// variable is given to it only under an attempt guard: next := queued; if
// attempts >= max { next = failed }. The value reaches the call through
// a phi; the edge that brings the statement's state must be guarded. A
// count of the attempts left works alike: var s State (the runnable zero
// value); if j.Retries == 0 { s = Failed } else { j.Retries-- }.
//
// A state set in a field of the struct the statement binds (j.Status =
// Queued before save(ctx, j)) is given by that store: the stores that give
// the statement's state must be guarded.
func boundGuarded(e *judge, st *queuemodel.Statement, col string) bool {
	bound := st.BoundState(col)
	if len(st.BoundAt) == 0 && bound == nil {
		return fieldGuarded(e, st, col)
	}
	state, ok := setState(st, col)
	call := e.Call(st.Call.Expr)
	if !ok || call == nil {
		return false
	}
	args := call.Common().Args
	if bound != nil {
		args = []ssa.Value{bound}
	}
	edges := 0
	for _, arg := range args {
		for _, in := range constantEdges(arg, state, map[ssa.Value]bool{}) {
			edges++
			if v, _ := guardAt(e, in.from.Instrs[len(in.from.Instrs)-1], 0); v != guarded {
				return false
			}
		}
	}
	return edges > 0 || fieldGuarded(e, st, col)
}

// boundDecider returns, for a statement that fn makes on every path but
// whose state it binds through a variable, the parameter of fn that alone
// decides whether that state is the retry (status := "pending"; if
// retryAt == nil { status = "failed" }), and which value of it retries
// (see retriesWhen); 0, 0 when no one parameter does.
func boundDecider(e *judge, st *queuemodel.Statement, col string, fn *ssa.Function) (param, when int) {
	state, ok := setState(st, col)
	call := e.Call(st.Call.Expr)
	if !ok || call == nil || call.Parent() != fn {
		return 0, 0
	}
	for _, arg := range call.Common().Args {
		for _, in := range constantEdges(arg, state, map[ssa.Value]bool{}) {
			p, w := edgeDecider(fn, in)
			if w == 0 || param != 0 && (p != param || w != when) {
				return 0, 0
			}
			param, when = p, w
		}
	}
	return param, when
}

// edgeDecider returns the parameter of fn that alone decides whether an
// edge is taken, and which value of it takes it (+1 true or not nil, -1
// false or nil): the edge leaves a branch on the parameter, or starts in
// a block only such a branch reaches.
func edgeDecider(fn *ssa.Function, in edge) (param, when int) {
	last := in.from.Instrs[len(in.from.Instrs)-1]
	br, ok := last.(*ssa.If)
	if !ok {
		if p, ok := decidingParam(fn, last); ok {
			return p, retriesWhen(fn, p, last)
		}
		return 0, 0
	}
	cond, taken := br.Cond, in.to == in.from.Succs[0]
	if u, isNot := cond.(*ssa.UnOp); isNot && u.Op == token.NOT {
		cond, taken = u.X, !taken
	}
	p, isParam := cond.(*ssa.Parameter)
	if !isParam || !isBool(p.Type()) {
		p = nilCompared(cond)
		if p != nil && cond.(*ssa.BinOp).Op == token.EQL {
			taken = !taken // now: taken when p is not nil
		}
	}
	i := slices.Index(fn.Params, p)
	if p == nil || i < 0 {
		return 0, 0
	}
	if fn.Signature.Recv() != nil {
		i--
	}
	if i < 0 {
		return 0, 0
	}
	if taken {
		return i + 1, 1
	}
	return i + 1, -1
}

// maxArgs bounds the arguments of a call looked at.
const maxArgs = 64

// fieldGuarded reports whether the state a statement binds from a field
// of a struct is stored into that field only under an attempt guard, on
// every store that gives it (see effects.FieldGivers).
func fieldGuarded(e *judge, st *queuemodel.Statement, col string) bool {
	state, ok := setState(st, col)
	call := e.Call(st.Call.Expr)
	if !ok || call == nil {
		return false
	}
	stores := 0
	for i := 0; i < maxArgs; i++ {
		arg := effects.Arg(call, i)
		if arg == nil {
			break
		}
		givers, ok := e.FieldGivers(arg, state)
		if !ok {
			continue
		}
		for _, g := range givers {
			stores++
			if v, _ := guardAt(e, g, 0); v != guarded {
				return false
			}
		}
	}
	return stores > 0
}

// An edge of the control-flow graph: from a block to one it may jump to.
type edge struct{ from, to *ssa.BasicBlock }

// constantEdges returns the edges along which a phi feeding v brings the
// constant s (a string, or an integer as written in decimal), following v through interface conversions and the
// variadic slice of a call's arguments.
func constantEdges(v ssa.Value, s string, seen map[ssa.Value]bool) []edge {
	if seen[v] {
		return nil
	}
	seen[v] = true
	switch v := v.(type) {
	case *ssa.MakeInterface:
		return constantEdges(v.X, s, seen)
	case *ssa.ChangeType:
		return constantEdges(v.X, s, seen)
	case *ssa.Convert:
		return constantEdges(v.X, s, seen)
	case *ssa.Slice:
		return constantEdges(v.X, s, seen)
	case *ssa.Alloc:
		var out []edge
		for _, ref := range *v.Referrers() {
			ia, ok := ref.(*ssa.IndexAddr)
			if !ok {
				continue
			}
			for _, r := range *ia.Referrers() {
				if store, ok := r.(*ssa.Store); ok && store.Addr == ia {
					out = append(out, constantEdges(store.Val, s, seen)...)
				}
			}
		}
		return out
	case *ssa.Phi:
		var out []edge
		for i, in := range v.Edges {
			if isConst(in, s) {
				out = append(out, edge{v.Block().Preds[i], v.Block()})
			} else {
				out = append(out, constantEdges(in, s, seen)...)
			}
		}
		return out
	}
	return nil
}

func isConst(v ssa.Value, s string) bool {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil {
		return false
	}
	switch c.Value.Kind() {
	case constant.String:
		return constant.StringVal(c.Value) == s
	case constant.Int:
		return c.Value.ExactString() == s
	}
	return false
}

// guardCond returns the test for a branch condition that limits attempts:
// it compares an attempt count (job.Attempts >= max), or asks a helper
// that does (if exhausted(job)). A condition on the error alone
// (errors.Is(err, ErrPermanent), retryable(err)) is not a limit: ordinary
// errors still retry for ever.
func guardCond(e *judge) func(ssa.Value) bool {
	return func(cond ssa.Value) bool {
		return comparesCount(e, cond, 1, map[ssa.Value]bool{})
	}
}

// comparesCount reports whether a condition compares an attempt count,
// itself or in the body of a function of this package it calls (depth
// levels down). A call to a function outside the standard library whose
// body is out of sight may compare it: the benefit of the doubt. Only
// the condition's truth values are followed: in err != nil, the call that
// returned err decides nothing.
func comparesCount(e *judge, v ssa.Value, depth int, seen map[ssa.Value]bool) bool {
	if seen[v] || !isBool(v.Type()) {
		return false
	}
	seen[v] = true
	switch v := v.(type) {
	case *ssa.BinOp:
		if e.comparison(v) || outcomeCompares(e, v) {
			return true
		}
		return comparesCount(e, v.X, depth, seen) || comparesCount(e, v.Y, depth, seen)
	case *ssa.UnOp:
		return v.Op == token.NOT && comparesCount(e, v.X, depth, seen)
	case *ssa.Phi:
		for _, edge := range v.Edges {
			if comparesCount(e, edge, depth, seen) {
				return true
			}
		}
	case *ssa.Extract:
		if c, ok := v.Tuple.(*ssa.Call); ok {
			return callCompares(e, c.Common(), depth)
		}
	case *ssa.Call:
		return callCompares(e, v.Common(), depth)
	}
	return false
}

// outcomeCompares reports whether a condition tests a helper's result
// against a value (switch classify(attempts, err) { case deadLetter: ...;
// default: retry }), where the helper is a function of the package whose
// own body compares an attempt count: like a helper that returns a bool
// (if exhausted(job)), it decides by the attempts. Only a number or a
// string is such an outcome: in err != nil, the error of a handler that
// logs the attempt count decides nothing.
func outcomeCompares(e *judge, b *ssa.BinOp) bool {
	if b.Op != token.EQL && b.Op != token.NEQ {
		return false
	}
	if basic, ok := b.X.Type().Underlying().(*types.Basic); !ok || basic.Info()&(types.IsNumeric|types.IsString) == 0 {
		return false
	}
	for _, x := range []ssa.Value{b.X, b.Y} {
		if c, ok := x.(*ssa.Call); ok {
			if callee := c.Common().StaticCallee(); callee != nil && comparesInBody(e, callee) {
				return true
			}
		}
	}
	return false
}

// comparesInBody reports whether a function's own body compares an
// attempt count (not the functions it calls; an imported function has no
// body here).
func comparesInBody(e *judge, fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if bin, ok := instr.(*ssa.BinOp); ok && e.comparison(bin) {
				return true
			}
		}
	}
	return false
}

func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}

// callCompares reports whether a called function compares an attempt
// count (see comparesCount).
func callCompares(e *judge, c *ssa.CallCommon, depth int) bool {
	var obj *types.Func
	if callee := c.StaticCallee(); callee != nil {
		if callee.Pkg != nil && callee.Pkg == e.Pkg() {
			return depth > 0 && bodyCompares(e, callee, depth-1)
		}
		obj, _ = callee.Object().(*types.Func)
	} else if c.IsInvoke() {
		obj = c.Method
	}
	if obj == nil || obj.Pkg() == nil || obj.Pkg() == e.Pkg().Pkg || rowsNext(obj) {
		return false
	}
	if e.pass != nil && e.pass.ImportObjectFact(obj, new(CountFree)) {
		return false // its package says its bools decide nothing by the attempts
	}
	return !standard(obj.Pkg().Path())
}

// rowsNext reports whether a method is pgx's Rows.Next: its bool says
// whether a query returned another row, never anything about a job's
// attempts (database/sql's and sqlx's Next are the standard library's,
// which callCompares already counts out). A loop over a poll's rows
// (for rows.Next() { ... }) then guards nothing that runs after it.
func rowsNext(obj *types.Func) bool {
	return obj.Name() == "Next" && strings.HasPrefix(obj.Pkg().Path(), "github.com/jackc/pgx/")
}

// bodyCompares reports whether a function of this package compares an
// attempt count anywhere in its body, or in a function of the package it
// calls (depth levels down).
func bodyCompares(e *judge, fn *ssa.Function, depth int) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch instr := instr.(type) {
			case *ssa.BinOp:
				if e.comparison(instr) {
					return true
				}
			case ssa.CallInstruction:
				if callCompares(e, instr.Common(), depth) {
					return true
				}
			}
		}
	}
	for _, anon := range fn.AnonFuncs {
		if bodyCompares(e, anon, depth) {
			return true
		}
	}
	return false
}

// comparison reports whether a binary operation orders or equates an
// attempt count with something, by the values' names or by its syntax.
func (e *judge) comparison(b *ssa.BinOp) bool {
	if !numeric(b.X.Type()) {
		return false // retryAt == nil: no count
	}
	switch b.Op {
	case token.LSS, token.LEQ, token.GTR, token.GEQ, token.EQL:
		if countValue(b.X) || countValue(b.Y) {
			return true
		}
		if x := e.comparisons[b.Pos()]; x != nil {
			return countOperand(x.X) || countOperand(x.Y)
		}
	}
	return false
}

func numeric(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsNumeric != 0
}

// countOperand reports whether a compared expression is an attempt count
// by its syntax: attempts, job.Attempts, j.Tried, job.Attempt().
func countOperand(x ast.Expr) bool {
	return attempts.Operand(x, func(name string) bool { return strings.Contains(strings.ToLower(name), "retryable") })
}

// countValue reports whether a compared value is an attempt count:
// attempts, job.Attempts, j.Tried, job.Attempt(), attempts+1.
func countValue(v ssa.Value) bool {
	name := valueName(v, 0)
	return attempts.Named(name) && !strings.Contains(strings.ToLower(name), "retryable")
}

// valueName returns the name a value goes by in the source: the variable,
// parameter, field or method it is read from.
func valueName(v ssa.Value, depth int) string {
	if depth > 4 {
		return ""
	}
	switch v := v.(type) {
	case *ssa.UnOp:
		if v.Op == token.MUL {
			return addrName(v.X)
		}
	case *ssa.Field:
		return fieldName(v.X.Type(), v.Field)
	case *ssa.Parameter:
		return v.Name()
	case *ssa.FreeVar:
		return v.Name()
	case *ssa.Phi:
		return v.Comment
	case *ssa.Convert:
		return valueName(v.X, depth+1)
	case *ssa.ChangeType:
		return valueName(v.X, depth+1)
	case *ssa.BinOp:
		if v.Op == token.ADD || v.Op == token.SUB {
			if n := valueName(v.X, depth+1); attempts.Named(n) {
				return n
			}
			return valueName(v.Y, depth+1)
		}
	case *ssa.Call:
		c := v.Common()
		if c.IsInvoke() && len(c.Args) == 0 {
			return c.Method.Name()
		}
		if callee := c.StaticCallee(); callee != nil && callee.Signature.Recv() != nil && len(c.Args) == 1 {
			return callee.Name()
		}
	}
	return ""
}

// addrName names the variable or field an address points at.
func addrName(addr ssa.Value) string {
	switch a := addr.(type) {
	case *ssa.FieldAddr:
		return fieldName(a.X.Type(), a.Field)
	case *ssa.Alloc:
		return a.Comment
	case *ssa.Global:
		return a.Name()
	case *ssa.FreeVar:
		return a.Name()
	}
	return ""
}

func fieldName(t types.Type, i int) string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if s, ok := t.Underlying().(*types.Struct); ok && i < s.NumFields() {
		return s.Field(i).Name()
	}
	return ""
}

// standard reports whether an import path is the standard library's.
func standard(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

// inTest reports whether a call is in a _test.go file.
func inTest(c ssa.CallInstruction) bool {
	fn := c.Parent()
	return fn != nil && fn.Prog != nil && strings.HasSuffix(fn.Prog.Fset.Position(c.Pos()).Filename, "_test.go")
}

// plainFailure reports whether a call's error says only that the call
// could not run, not what became of the job: a Begin, or a statement (or
// the Scan of its row) whose SQL is read and names no attempt count. A
// lookup that finds no row because the attempts ran out (WHERE attempts
// < 5) decides; a helper's error may too.
func (e *judge) plainFailure(c ssa.CallInstruction) bool {
	if effects.IsBegin(c) {
		return true
	}
	common := c.Common()
	if m := common.StaticCallee(); m != nil && m.Name() == "Scan" && m.Signature.Recv() != nil || common.IsInvoke() && common.Method.Name() == "Scan" {
		row := common.Value
		if !common.IsInvoke() {
			row = common.Args[0]
		}
		rc, ok := row.(*ssa.Call)
		if !ok {
			return false
		}
		c = rc
	}
	call := e.sqlAt[c.Pos()]
	return call != nil && call.Known && !attempts.Mentioned(call.SQL)
}
