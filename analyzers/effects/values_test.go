package effects_test

import (
	"fmt"
	"go/ast"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers/effects"
)

// valuesProbe reports, at each call of a function named sink, what each of
// its arguments may hold (at a function named intsink, the integer
// constants they may hold): the values separated by |, a part read from a
// field or package variable as {name=text}, an unknown one as {name:
// why}, a number as #, a value bound through helpers' parameters with @
// and the number of call sites; the arguments separated by ;. At each
// call of a function named rebound, whether its argument passes a
// rewrite that numbers ? parameters.
var valuesProbe = &analysis.Analyzer{
	Name:     "valuesprobe",
	Doc:      "test probe for effects.Strings",
	Requires: []*analysis.Analyzer{effects.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		e := pass.ResultOf[effects.Analyzer].(*effects.Effects)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				id, ok := call.Fun.(*ast.Ident)
				if ok && id.Name == "rebound" {
					// Whether the text passes a rewrite numbering its ?
					// parameters (effects.Rebinds).
					if e.Rebinds(effects.Arg(e.Call(call), 0)) {
						pass.Reportf(call.Pos(), "rebinds")
					} else {
						pass.Reportf(call.Pos(), "keeps ?")
					}
					return true
				}
				if !ok || id.Name != "sink" && id.Name != "intsink" {
					return true
				}
				read := e.Strings
				if id.Name == "intsink" {
					read = e.Ints // integer constants, named by their type's constant
				}
				instr := e.Call(call)
				if instr == nil {
					pass.Reportf(call.Pos(), "no SSA")
					return true
				}
				var args []string
				for i := range call.Args {
					args = append(args, describe(read(effects.Arg(instr, i))))
				}
				pass.Reportf(call.Pos(), "%s", strings.Join(args, " ; "))
				return true
			})
		}
		return nil, nil
	},
}

func describe(vs effects.Values) string {
	var out []string
	for _, v := range vs.Set {
		var b strings.Builder
		for _, p := range v.Parts {
			s := p.Text
			switch {
			case p.Number:
				s = "#"
			case p.Unknown:
				s = fmt.Sprintf("{%s: %s}", p.Obj.Name(), p.Hole)
			case p.Obj != nil:
				s = fmt.Sprintf("{%s=%s}", p.Obj.Name(), p.Text)
			}
			if p.Quoted {
				s = `"` + s + `"`
			}
			b.WriteString(s)
		}
		if len(v.At) > 0 {
			fmt.Fprintf(&b, "@%d", len(v.At))
		}
		out = append(out, b.String())
	}
	if vs.Hole != "" {
		out = append(out, "hole: "+vs.Hole)
	}
	return strings.Join(out, " | ")
}
