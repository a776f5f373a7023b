package doubledecode

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
)

// fallbackDecode reports whether a json.Unmarshal into a string runs only
// once a decode of the same bytes into another type has failed: the code
// tries the bytes as the value first, and reads them as a JSON string
// holding it only when they are not (a setting another writer encodes
// twice). It decodes what is there, once or twice as needed: no defect.
func fallbackDecode(e *effects.Effects, call *ast.CallExpr) bool {
	instr := e.Call(call)
	if instr == nil || len(instr.Common().Args) != 2 {
		return false // no SSA: not guessed
	}
	src := instr.Common().Args[0]
	return effects.AfterFailureOf(instr, func(c ssa.CallInstruction) bool {
		args := c.Common().Args
		callee := c.Common().StaticCallee()
		return c != instr && callee != nil && callee.Pkg != nil && callee.Pkg.Pkg.Path() == "encoding/json" && callee.Name() == "Unmarshal" &&
			len(args) == 2 && args[0] == src && !intoString(args[1])
	})
}

// intoString reports whether a decode's target (the any it is given) is a
// pointer to a string.
func intoString(target ssa.Value) bool {
	if mi, ok := target.(*ssa.MakeInterface); ok {
		target = mi.X
	}
	ptr, ok := target.Type().Underlying().(*types.Pointer)
	return !ok || isString(ptr.Elem())
}
