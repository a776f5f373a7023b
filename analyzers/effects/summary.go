package effects

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// A helper of another package of the module (a quoting function, a
// table-name builder, a state picked by a switch) is read at a call from
// its summary: what its string result is made of, in terms of its
// parameters, exported as a fact by the helper's package. A package
// follows its own helpers on SSA directly.

// StringFunc is the fact summarizing a function whose string result is
// computed from its arguments: one case per return statement (or group of
// them), each taken only when its conditions on constant arguments hold.
type StringFunc struct {
	Cases []SummaryCase
}

// A SummaryCase is the values a function returns where a return statement
// is reached: When lists conditions that must hold to reach it (a switch
// on a parameter), Values what it returns.
type SummaryCase struct {
	When   []SummaryCond
	Values [][]SummaryPart
}

// A SummaryCond is "parameter Param equals (or not) Text".
type SummaryCond struct {
	Param int // from 0
	Equal bool
	Text  string
}

// A SummaryPart is text, a parameter's value (Param from 1), or a number.
type SummaryPart struct {
	Text    string
	Param   int
	Quoted  bool // quoted as an identifier
	Escaped bool // its double quotes doubled, not wrapped in quotes yet
	Number  bool
}

func (*StringFunc) AFact() {}

func (s *StringFunc) String() string {
	var cases []string
	for _, c := range s.Cases {
		var vals []string
		for _, v := range c.Values {
			var b strings.Builder
			for _, p := range v {
				switch {
				case p.Param != 0:
					b.WriteString("$p" + string(rune('0'+p.Param)))
				case p.Number:
					b.WriteString("#")
				default:
					b.WriteString(p.Text)
				}
			}
			vals = append(vals, b.String())
		}
		cases = append(cases, strings.Join(vals, "|"))
	}
	return "stringfunc(" + strings.Join(cases, "; ") + ")"
}

// Limits of a summary: a helper worth summarizing is small.
const (
	maxSummaryStmts  = 24
	maxSummaryParams = 8
)

// exportSummaries exports a StringFunc fact for each small function of
// the package whose one result is a string made from its arguments. SSA
// is built only when the package declares such a candidate.
func (e *Effects) exportSummaries(pass *analysis.Pass) {
	e.eachDeclared(pass, summaryCandidate, func(fn *ssa.Function, obj *types.Func) {
		if s := e.summarize(fn); s != nil {
			pass.ExportObjectFact(obj, s)
		}
	})
}

// eachDeclared calls do with the SSA function and the object of each
// function the package declares that want accepts. SSA is built only when
// it accepts one.
func (e *Effects) eachDeclared(pass *analysis.Pass, want func(*analysis.Pass, *ast.FuncDecl) bool, do func(*ssa.Function, *types.Func)) {
	var cands []*ast.FuncDecl
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if decl, ok := d.(*ast.FuncDecl); ok && want(pass, decl) {
				cands = append(cands, decl)
			}
		}
	}
	if len(cands) == 0 || e.Pkg() == nil {
		return
	}
	for _, decl := range cands {
		fn := e.Func(decl)
		obj, _ := pass.TypesInfo.Defs[decl.Name].(*types.Func)
		if fn != nil && obj != nil {
			do(fn, obj)
		}
	}
}

// summaryCandidate reports whether a declaration is a small function with
// basic parameters and one string result.
func summaryCandidate(pass *analysis.Pass, decl *ast.FuncDecl) bool {
	if decl.Recv != nil || decl.Body == nil || decl.Type.TypeParams != nil {
		return false
	}
	obj, ok := pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if !ok {
		return false
	}
	sig := obj.Signature()
	if sig.Results().Len() != 1 || !isStringType(sig.Results().At(0).Type()) || sig.Params().Len() == 0 || sig.Params().Len() > maxSummaryParams || sig.Variadic() {
		return false
	}
	strParam := false
	for i := range sig.Params().Len() {
		t := sig.Params().At(i).Type()
		if _, ok := t.Underlying().(*types.Basic); !ok {
			return false
		}
		strParam = strParam || isStringType(t)
	}
	if !strParam {
		return false
	}
	// Only calls the resolver can follow: the package's own functions, the
	// library functions that build strings, builtins and conversions.
	stmts, ok := 0, true
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case ast.Stmt:
			stmts++
		case *ast.CallExpr:
			ok = ok && followable(pass, n)
		}
		return ok && stmts <= maxSummaryStmts
	})
	return ok && stmts <= maxSummaryStmts
}

// followable reports whether the resolver may follow a call in a helper
// it summarizes.
func followable(pass *analysis.Pass, call *ast.CallExpr) bool {
	if tv, ok := pass.TypesInfo.Types[call.Fun]; ok && (tv.IsType() || tv.IsBuiltin()) {
		return true
	}
	var id *ast.Ident
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		id = fun
	case *ast.SelectorExpr:
		id = fun.Sel
	default:
		return false
	}
	fn, ok := pass.TypesInfo.Uses[id].(*types.Func)
	if !ok || fn.Pkg() == nil {
		return false
	}
	switch fn.Pkg().Path() {
	case pass.Pkg.Path(), "strings", "fmt", "strconv", "github.com/lib/pq", "github.com/jackc/pgx/v5":
		return true
	}
	// Another package's helper: followed through its own summary.
	return pass.ImportObjectFact(fn, new(StringFunc))
}

// summarize computes a function's summary, or nil when some return gives
// a value that is not made of text, parameters and numbers.
func (e *Effects) summarize(fn *ssa.Function) *StringFunc {
	r := &resolver{e: e, onStack: map[any]bool{}}
	b := &binding{fn: fn} // no call: its parameters stay symbolic
	var out StringFunc
	for _, blk := range fn.Blocks {
		ret, ok := last(blk).(*ssa.Return)
		if !ok || len(ret.Results) != 1 {
			continue
		}
		vs := r.value(ret.Results[0], b, 0)
		if vs.Hole != "" || len(vs.Set) == 0 {
			return nil
		}
		c := SummaryCase{When: conditions(blk)}
		for _, v := range vs.Set {
			var parts []SummaryPart
			for _, p := range v.Parts {
				if p.Unknown {
					return nil // a field's or variable's unknown value
				}
				// A known value of the package's own variable or field is
				// its text to another package: its identity does not travel.
				parts = append(parts, SummaryPart{Text: p.Text, Param: p.param, Quoted: p.Quoted, Escaped: p.escaped, Number: p.Number})
			}
			c.Values = append(c.Values, parts)
		}
		out.Cases = append(out.Cases, c)
	}
	if len(out.Cases) == 0 {
		return nil
	}
	return &out
}

// conditions returns the comparisons of a parameter with a constant
// string that decide, on every path, whether a block runs: those of the
// blocks dominating it whose one branch dominates it.
func conditions(blk *ssa.BasicBlock) []SummaryCond {
	var out []SummaryCond
	for d := blk.Idom(); d != nil; d = d.Idom() {
		iff, ok := last(d).(*ssa.If)
		if !ok {
			continue
		}
		bin, ok := iff.Cond.(*ssa.BinOp)
		if !ok || bin.Op != token.EQL && bin.Op != token.NEQ {
			continue
		}
		p, ok1 := bin.X.(*ssa.Parameter)
		c, ok2 := bin.Y.(*ssa.Const)
		if !ok1 || !ok2 || c.Value == nil || !isStringType(c.Type()) {
			continue
		}
		var taken bool
		switch {
		case d.Succs[0].Dominates(blk) && len(d.Succs[0].Preds) == 1:
			taken = true
		case d.Succs[1].Dominates(blk) && len(d.Succs[1].Preds) == 1:
			taken = false
		default:
			continue
		}
		out = append(out, SummaryCond{Param: slices.Index(p.Parent().Params, p), Equal: taken == (bin.Op == token.EQL), Text: constant.StringVal(c.Value)})
	}
	return out
}

// summary resolves a call of another package's helper from its summary:
// the cases its arguments allow, each value with the arguments' values in
// place of the parameters.
func (r *resolver) summary(call *ssa.Call, callee *ssa.Function, b *binding, depth int) (Values, bool) {
	obj, ok := callee.Object().(*types.Func)
	if !ok || r.e.pass == nil || obj.Pkg() == nil || obj.Pkg() == r.e.pass.Pkg {
		return Values{}, false
	}
	var s StringFunc
	if !r.e.pass.ImportObjectFact(obj, &s) {
		return Values{}, false
	}
	return r.applySummary(&s, call.Common().Args, 0, obj.Pkg().Name()+"."+obj.Name(), b, depth), true
}

// applySummary gives what a summarized function returns for a call's
// arguments: the cases they allow, each value with the arguments' values
// in place of the parameters. The call passes the function's parameters
// from the shift-th on (1 for a method called through an interface,
// whose receiver is not among the arguments): a case that reads an
// earlier one is a hole.
func (r *resolver) applySummary(s *StringFunc, args []ssa.Value, shift int, name string, b *binding, depth int) Values {
	argVals := make([]Values, len(args))
	arg := func(i int) Values {
		i -= shift
		if i < 0 {
			return hole("the receiver of " + name)
		}
		if argVals[i].Set == nil && argVals[i].Hole == "" {
			argVals[i] = r.value(args[i], b, depth)
			if len(argVals[i].Set) == 0 && argVals[i].Hole == "" {
				argVals[i] = hole("no value")
			}
		}
		return argVals[i]
	}
	var out Values
	for _, c := range s.Cases {
		if !r.caseHolds(c.When, arg) {
			continue
		}
		for _, parts := range c.Values {
			v := text("")
			for _, p := range parts {
				var piece Values
				switch {
				case p.Param > 0 && p.Param <= len(args)+shift:
					piece = arg(p.Param - 1)
					if p.Number {
						piece = Values{Set: []Value{{Parts: []Part{{Number: true}}}}}
					} else if p.Quoted {
						piece = quoted(piece)
					} else if p.Escaped {
						piece = r.escapedValues(piece)
					}
				case p.Param > 0:
					return hole("the result of " + name + " (a summary that does not fit the call)")
				case p.Number:
					piece = Values{Set: []Value{{Parts: []Part{{Number: true}}}}}
				default:
					piece = Values{Set: []Value{{Parts: []Part{{Text: p.Text, Quoted: p.Quoted}}}}}
				}
				v = concat(v, piece)
			}
			out = union(out, v)
		}
	}
	if out.Hole != "" {
		out = Values{Set: out.Set, Hole: joinHoles(out.Hole, "the result of "+name)}
	}
	if len(out.Set) == 0 && out.Hole == "" {
		return hole("the result of " + name + ", which no case of it returns")
	}
	return out
}

// caseHolds reports whether a case's conditions may hold for the call's
// arguments: false only when an argument of known text decides one false.
func (r *resolver) caseHolds(when []SummaryCond, arg func(int) Values) bool {
	for _, c := range when {
		t, ok := single(arg(c.Param))
		if ok && (t == c.Text) != c.Equal {
			return false
		}
	}
	return true
}

// escapedValues doubles the double quotes of every value: known text
// directly, a field's unknown value marked escaped.
func (r *resolver) escapedValues(vs Values) Values {
	out := Values{Hole: vs.Hole}
	for _, v := range vs.Set {
		if t, ok := v.Text(); ok {
			out.Set = append(out.Set, Value{Parts: []Part{{Text: strings.ReplaceAll(t, `"`, `""`)}}, At: v.At})
			continue
		}
		if len(v.Parts) != 1 || v.Parts[0].Obj == nil && v.Parts[0].param == 0 || v.Parts[0].Number || v.Parts[0].Quoted {
			return hole(joinHoles(vs.Hole, "an identifier escaped from several pieces"))
		}
		p := v.Parts[0]
		p.escaped = true
		out.Set = append(out.Set, Value{Parts: []Part{p}, At: v.At})
	}
	return out
}
