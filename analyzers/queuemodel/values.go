package queuemodel

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/internal/sqltext"
)

// sqlOnSSA reads on SSA the SQL of a call that sqltext left unread: its
// possible texts (package effects' values). Several texts are several
// views of the call (see read); any hole leaves it unread with the hole's
// reason.
const embeddedSQLText = "the text of .sql files the package embeds (read from disk as the module's SQL)"

func (b *builder) sqlOnSSA(c *Call, site callSite) {
	instr := b.effects.Call(site.argCall)
	if instr == nil {
		return
	}
	arg := effects.Arg(instr, site.argIndex)
	vs := b.effects.Strings(arg)
	if vs.Hole != "" {
		c.Unread = vs.Hole
		if b.effects.EmbeddedSQLFile(arg) {
			c.Unread, c.ModuleSQL = embeddedSQLText, true
		}
		if sql, ok := b.listenOnSSA(arg); ok {
			c.SQL, c.Known, c.Unread = sql, true, ""
		}
		return
	}
	var texts []string
	unset := map[int]bool{}
	spliced := map[int]ast.Expr{}
	placeholders := false
	for _, v := range vs.Set {
		t := sqltext.Assemble(parts(v))
		if !t.Known {
			c.Unread = t.Unread
			return
		}
		placeholders = placeholders || t.Placeholders
		for n, e := range t.Spliced {
			spliced[n] = e
		}
		i := slices.Index(texts, t.SQL)
		if i < 0 {
			i = len(texts)
			texts = append(texts, t.SQL)
			unset[i] = v.Unset
		}
		unset[i] = unset[i] && v.Unset
	}
	if len(texts) == 0 {
		return
	}
	c.SQL, c.variants, c.Known, c.Unread = texts[0], texts[1:], true, ""
	for i, u := range unset {
		if u {
			if c.unset == nil {
				c.unset = map[int]bool{}
			}
			c.unset[i] = true
		}
	}
	if len(spliced) > 0 {
		c.Spliced = spliced
	}
	if placeholders && len(texts) == 1 {
		// DDL that names its table by a placeholder joins the schema
		// (findGoDDL) as the text read on the AST does, at the first
		// literal of the SQL argument: SSA text has no positions.
		c.ddl = firstLiteral(site.sqlArg)
	}
}

// firstLiteral returns the position of the first string literal in e, or
// e's own position.
func firstLiteral(e ast.Expr) token.Pos {
	if e == nil {
		return token.NoPos
	}
	pos := e.Pos()
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && !found && lit.Kind == token.STRING {
			pos, found = lit.Pos(), true
		}
		return !found
	})
	return pos
}

func parts(v effects.Value) []sqltext.Part {
	out := make([]sqltext.Part, len(v.Parts))
	for i, p := range v.Parts {
		out[i] = sqltext.Part{Text: p.Text, Obj: p.Obj, Unknown: p.Unknown, Why: p.Hole, Quoted: p.Quoted, Number: p.Number}
	}
	return out
}

// boundOnSSA returns the string constants bound argument i of a call may
// hold, read on SSA (a typed constant passed through a helper's
// parameters): each with the calls that pass it on, as the Go nodes that
// give the argument its value. Nil unless every value is a known text.
//
// An argument of a named integer type (type Status int; const Processing
// Status = 2) is read the same way, each value with the constant that
// names it: a state coded as an integer.
func (b *builder) boundOnSSA(c *Call, i int) []sqltext.Constant {
	v := c.argValue(i + 1)
	if v == nil {
		return nil
	}
	return b.constantsOnSSA(v, b.pass.TypesInfo.TypeOf(c.Args[i]))
}

// constantsOnSSA is boundOnSSA for an SSA value of Go type t.
func (b *builder) constantsOnSSA(v ssa.Value, t types.Type) []sqltext.Constant {
	var vs effects.Values
	switch {
	case isStringType(t):
		vs = b.effects.Strings(v)
	case nullableString(t):
		var ok bool
		if vs, ok = b.effects.WrappedStrings(v); !ok {
			return nil
		}
	case namedInteger(t):
		vs = b.effects.Ints(v)
	case isBoolType(t):
		vs = b.effects.Bools(v) // sent = $1 bound to false: a flag's state
	default:
		return nil
	}
	if !vs.Known() {
		return nil
	}
	var out []sqltext.Constant
	for _, v := range vs.Set {
		s, ok := v.Text()
		if !ok {
			return nil
		}
		k := sqltext.Constant{Value: s}
		if len(v.Parts) == 1 {
			k.Obj, _ = v.Parts[0].Obj.(*types.Const)
		}
		for _, pos := range v.At {
			if n := b.callAt(pos); n != nil {
				k.At = append(k.At, n)
			}
		}
		out = append(out, k)
	}
	slices.SortFunc(out, func(x, y sqltext.Constant) int { return strings.Compare(x.Value, y.Value) })
	return out
}

// spreadOnSSA is boundOnSSA for parameter $n of a call that passes its
// parameters as a slice (Query(ctx, q, args...)): per text of the call,
// the element at $n of each slice literal that reaches the call with
// that text (query, args = A, []any{s}; query, args = B, []any{t, s}),
// read as an argument is (a state its function's callers in the package
// pass it). A text's values are nil when one element is out of sight or
// its slices end before $n; more says whether some text's slices reach
// $n at all.
func (b *builder) spreadOnSSA(c *Call, n int) (perText [][]sqltext.Constant, more bool) {
	if c.spread == nil {
		return nil, false
	}
	perText = make([][]sqltext.Constant, 1+len(c.variants))
	for ti := range perText {
		elems := effects.ArgValues(c.spread, c.argBase+n-1, c.textEdges(ti))
		if len(elems) == 0 {
			continue
		}
		more = true
		var vals []sqltext.Constant
		for _, e := range elems {
			if mi, ok := e.(*ssa.MakeInterface); ok {
				e = mi.X
			}
			k := b.constantsOnSSA(e, e.Type())
			if k == nil {
				vals = nil
				break
			}
			vals = append(vals, k...)
		}
		perText[ti] = mergeConstants(vals)
	}
	return perText, more
}

// mergeConstants sorts constants by value, one of each value with the
// nodes of all that give it.
func mergeConstants(vals []sqltext.Constant) []sqltext.Constant {
	slices.SortStableFunc(vals, func(x, y sqltext.Constant) int { return strings.Compare(x.Value, y.Value) })
	var out []sqltext.Constant
	for _, v := range vals {
		if k := len(out) - 1; k >= 0 && out[k].Value == v.Value {
			for _, at := range v.At {
				if !slices.Contains(out[k].At, at) {
					out[k].At = append(out[k].At, at)
				}
			}
			continue
		}
		out = append(out, v)
	}
	return out
}

// namedInteger reports whether t is a named type over an integer: a plain
// int bound to a query is a count or a key far more often than a state.
func namedInteger(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	basic, ok := n.Underlying().(*types.Basic)
	return ok && basic.Info()&types.IsInteger != 0
}

// isStringExpr reports whether an expression is of a string type (a
// string, or a named type over one): a state passed as an interface is
// read only when Go code passes a string there.
func isStringExpr(b *builder, e ast.Expr) bool {
	return isStringType(b.pass.TypesInfo.TypeOf(e))
}

func isBoolType(t types.Type) bool {
	if t == nil {
		return false
	}
	basic, ok := t.Underlying().(*types.Basic)
	return ok && basic.Info()&types.IsBoolean != 0
}

func isStringType(t types.Type) bool {
	if t == nil {
		return false
	}
	basic, ok := t.Underlying().(*types.Basic)
	return ok && basic.Info()&types.IsString != 0
}

// callAt returns the call of the package whose opening parenthesis is at
// pos.
func (b *builder) callAt(pos token.Pos) ast.Node {
	if b.calls == nil {
		b.calls = map[token.Pos]*ast.CallExpr{}
		for cur := range b.model.inspector.Root().Preorder((*ast.CallExpr)(nil)) {
			call := cur.Node().(*ast.CallExpr)
			b.calls[call.Lparen] = call
		}
	}
	if call := b.calls[pos]; call != nil {
		return call
	}
	return nil
}

// effectsOf returns the package's effects; nil (every question answered
// "cannot tell") when the driver did not run that pass.
func effectsOf(pass *analysis.Pass) *effects.Effects {
	e, _ := pass.ResultOf[effects.Analyzer].(*effects.Effects)
	return e
}

// nowParams returns the parameters a call binds to the current time read
// in Go, or to a time before it: time.Now(), and what UTC, Truncate and
// the like make of it, a cutoff the clock minus a duration
// (time.Now().Add(-5 * time.Minute), time.Now().UTC().Add(-staleLimit)),
// through phi nodes and the parameters of the package's unexported
// functions (what every call gives), and a clock kept in a function value
// (q.now().Add(-timeout), with now: time.Now the one value the package
// gives the field). Compared with a column (updated_at < $1), such a
// value finds the rows whose time is past, as now() - interval does. A
// deadline ahead of the clock (time.Now().Add(ttl)) is not one, nor a
// time whose offset the tool cannot sign.
func (b *builder) nowParams(c *Call) map[int]bool {
	var out map[int]bool
	for i := range c.Args {
		if b.isNowTime(c.argValue(i+1), 0) {
			if out == nil {
				out = map[int]bool{}
			}
			out[i+1] = true
		}
	}
	return out
}

// calledOnlyHere reports whether every call of an exported function is in
// its own package: the package's path keeps it from code outside the
// module (an internal package, a command: see closedPackage), and the
// module's Go files call a function of its name and arity only from this
// package (see callerargs.CalledOnlyFrom), which names it among the
// functions whose parameters reach SQL. A store's exported method that
// other packages call, or that any importer may, gets values the package
// cannot see.
func (b *builder) calledOnlyHere(fn *ssa.Function) bool {
	path := b.pass.Pkg.Path()
	if !closedPackage(path, b.pass.Pkg.Name()) {
		return false
	}
	ix := b.model.CallerArgs()
	if ix == nil || fn.Signature.Variadic() {
		return false
	}
	arity := len(fn.Params)
	if fn.Signature.Recv() != nil {
		arity--
	}
	return ix.CalledOnlyFrom(fn.Name(), arity, path)
}

func isTimeNow(fn *ssa.Function) bool {
	return fn.Pkg != nil && fn.Pkg.Pkg.Path() == "time" && fn.Name() == "Now" && fn.Signature.Recv() == nil
}

// nowMethods are the methods of time.Time that give the instant of their
// receiver in another location, or that instant rounded to a unit
// (Truncate rounds down, Round by at most half the unit).
var nowMethods = map[string]bool{"UTC": true, "Local": true, "In": true, "Truncate": true, "Round": true}

// nowForms are the methods of time.Time that write their receiver's
// instant in another form a column can hold: text (Format, bound to a
// text column that keeps RFC 3339 times, which sort as the instants do)
// or a count since the Unix epoch (a bigint column of seconds or
// milliseconds). Compared with such a column, the clock in that form is
// the clock.
var nowForms = map[string]bool{"Format": true, "Unix": true, "UnixMilli": true, "UnixMicro": true, "UnixNano": true}

// isNowTime reports whether v is the clock's time, or a time before it.
func (b *builder) isNowTime(v ssa.Value, depth int) bool {
	if depth > 8 {
		return false
	}
	switch v := v.(type) {
	case *ssa.MakeInterface:
		return b.isNowTime(v.X, depth+1)
	case *ssa.Phi:
		for _, e := range v.Edges {
			if e != v && !b.isNowTime(e, depth+1) {
				return false
			}
		}
		return len(v.Edges) > 0
	case *ssa.Parameter:
		// A parameter of a function this package calls: what every call
		// gives it, also through an interface its receiver implements
		// (a worker's w.store.RecoverStuck(ctx, now.Add(-timeout)) on
		// its Store interface). An exported function only when no other
		// code can call it (see calledOnlyHere).
		fn := v.Parent()
		obj, _ := fn.Object().(*types.Func)
		if obj == nil || obj.Exported() && !b.calledOnlyHere(fn) {
			return false
		}
		i := slices.Index(fn.Params, v)
		callers := b.effects.MayCall(fn)
		for _, c := range callers {
			common := c.Common()
			j := i
			if common.IsInvoke() {
				j-- // the receiver is the interface value, not an argument
			}
			if j < 0 || j >= len(common.Args) || !b.isNowTime(common.Args[j], depth+1) {
				return false
			}
		}
		return i >= 0 && len(callers) > 0
	case *ssa.Call:
		fn := v.Common().StaticCallee()
		if fn == nil && !v.Common().IsInvoke() {
			// A function value: the clock when every function it may
			// hold is time.Now.
			fns, known := b.effects.Callees(v)
			now := known && len(fns) > 0
			for _, f := range fns {
				now = now && isTimeNow(f)
			}
			return now
		}
		if fn == nil || fn.Pkg == nil || fn.Pkg.Pkg.Path() != "time" {
			return false
		}
		if isTimeNow(fn) {
			return true
		}
		args := v.Common().Args
		if fn.Signature.Recv() == nil || len(args) == 0 {
			return false
		}
		switch {
		case nowMethods[fn.Name()], nowForms[fn.Name()]:
		case fn.Name() == "Add" && len(args) == 2:
			if sign(args[1], 0) > 0 {
				return false // a deadline ahead, or an offset of unknown sign
			}
		case fn.Name() == "AddDate" && len(args) == 4:
			for _, a := range args[1:] {
				if sign(a, 0) > 0 {
					return false
				}
			}
		default:
			return false
		}
		return b.isNowTime(args[0], depth+1)
	}
	return false
}

// listenHead is the known head of SQL that subscribes a connection to a
// channel named by a Go value: "LISTEN " + channel,
// fmt.Sprintf("LISTEN %s", channel), and their UNLISTEN forms.
var listenHead = regexp.MustCompile(`(?i)^\s*(un)?listen\s+"?(%[sqv]"?\s*;?\s*)?$`)

// unknownChannel stands for the channel of such SQL.
const unknownChannel = "unknown_channel"

// listenOnSSA reads SQL whose only unknown is the channel a LISTEN or
// UNLISTEN names: what the statement leaves on its connection does not
// depend on the name, so the statement is read with a stand-in channel.
func (b *builder) listenOnSSA(v ssa.Value) (string, bool) {
	var head ssa.Value
	switch v := v.(type) {
	case *ssa.BinOp: // a string's only operator is +
		head = v.X
	case *ssa.Call:
		fn := v.Call.StaticCallee()
		if fn == nil || fn.Pkg == nil || fn.Pkg.Pkg.Path() != "fmt" || fn.Name() != "Sprintf" || len(v.Call.Args) == 0 {
			return "", false
		}
		head = v.Call.Args[0]
	default:
		return "", false
	}
	heads := b.effects.Strings(head)
	if heads.Hole != "" {
		return "", false
	}
	verb := ""
	for _, h := range heads.Set {
		t := sqltext.Assemble(parts(h))
		if !t.Known {
			return "", false
		}
		m := listenHead.FindStringSubmatch(t.SQL)
		if m == nil {
			return "", false
		}
		w := strings.ToUpper(m[1]) + "LISTEN"
		if verb != "" && verb != w {
			return "", false
		}
		verb = w
	}
	return verb + " " + unknownChannel, true
}

// sign returns -1 for a duration or count that is negative (a negative
// constant, the negation of a value: -staleLimit, -5 * time.Minute), 0
// for zero, and 1 for one that is positive or whose sign is unknown.
func sign(v ssa.Value, depth int) int {
	if depth > 4 {
		return 1
	}
	switch v := v.(type) {
	case *ssa.Const:
		if v.Value == nil || v.Value.Kind() != constant.Int {
			return 1
		}
		return constant.Sign(v.Value)
	case *ssa.UnOp:
		if v.Op == token.SUB {
			return -1
		}
	case *ssa.Convert:
		return sign(v.X, depth+1)
	case *ssa.ChangeType:
		return sign(v.X, depth+1)
	case *ssa.BinOp:
		if v.Op == token.MUL {
			x, y := sign(v.X, depth+1), sign(v.Y, depth+1)
			if x == 0 || y == 0 {
				return 0
			}
			if positiveConst(v.X) && y < 0 || positiveConst(v.Y) && x < 0 {
				return -1
			}
		}
	}
	return 1
}

func positiveConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value != nil && c.Value.Kind() == constant.Int && constant.Sign(c.Value) > 0
}

// fieldStates returns the states an INSERT gives a column through its
// parameter n when Go binds it from a struct field (e.Status of the job
// the caller passes): the constants the module writes into that field
// (e.Status = StatusPending where defaults are filled in). Nil when the
// field is written anything else, or never: the state stays the caller's.
func (b *builder) fieldStates(c *Call, n int) []string {
	if c == nil || c.instr == nil || n < 1 || n > len(c.Args) {
		return nil
	}
	vals, _ := b.effects.FieldConstants(effects.Arg(c.instr, c.argBase+n-1))
	return vals
}

// fromField reports whether Go binds parameter n of a call from a struct
// field (job.Status of the job the caller passes).
func (b *builder) fromField(c *Call, n int) bool {
	if c == nil || c.instr == nil || n < 1 || n > len(c.Args) {
		return false
	}
	arg := effects.Arg(c.instr, c.argBase+n-1)
	return effects.LoadedField(arg) != nil && !effects.MadeHere(arg)
}
