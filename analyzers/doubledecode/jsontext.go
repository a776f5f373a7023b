package doubledecode

import (
	"encoding/json"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// jsonText reports whether a Go value, in the function body fn, holds JSON
// text: the result of json.Marshal, a json.RawMessage, a constant that
// parses as a JSON object or array, or a variable assigned only such values
// (through string(...) and []byte(...) conversions). Anything else, an
// error message, a name, a parameter, is not known to be JSON.
func jsonText(pass *analysis.Pass, e ast.Expr, fn ast.Node) bool {
	return jsonTextDepth(pass, e, fn, 0)
}

func jsonTextDepth(pass *analysis.Pass, e ast.Expr, fn ast.Node, depth int) bool {
	if depth > 8 {
		return false
	}
	e = ast.Unparen(e)
	if isRawMessage(pass.TypesInfo.TypeOf(e)) {
		return true
	}
	if tv, ok := pass.TypesInfo.Types[e]; ok && tv.Value != nil {
		return tv.Value.Kind() == constant.String && jsonContainer(constant.StringVal(tv.Value))
	}
	switch e := e.(type) {
	case *ast.CallExpr:
		if tv, ok := pass.TypesInfo.Types[e.Fun]; ok && tv.IsType() && len(e.Args) == 1 {
			return jsonTextDepth(pass, e.Args[0], fn, depth+1) // string(b), []byte(s)
		}
		return isMarshal(callee(pass, e))
	case *ast.Ident:
		v, ok := pass.TypesInfo.Uses[e].(*types.Var)
		if !ok || fn == nil {
			return false
		}
		assigned := assignments(pass, fn, v)
		if len(assigned) == 0 {
			return false
		}
		for _, rhs := range assigned {
			if !jsonTextDepth(pass, rhs, fn, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// assignments returns the expressions a local variable is given in fn: in
// its declaration and in plain assignments (the first result of a
// two-result call such as json.Marshal counts as the call). A variable
// also assigned in some other way (a pointer to it taken, an op-assign)
// returns nil.
func assignments(pass *analysis.Pass, fn ast.Node, v *types.Var) []ast.Expr {
	var out []ast.Expr
	unknown := false
	ast.Inspect(fn, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				id, ok := lhs.(*ast.Ident)
				if !ok || pass.TypesInfo.ObjectOf(id) != v {
					continue
				}
				switch {
				case n.Tok != token.DEFINE && n.Tok != token.ASSIGN:
					unknown = true
				case len(n.Rhs) == len(n.Lhs):
					out = append(out, n.Rhs[i])
				case len(n.Rhs) == 1 && i == 0:
					out = append(out, n.Rhs[0])
				default:
					unknown = true
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if pass.TypesInfo.Defs[id] != v {
					continue
				}
				switch {
				case len(n.Values) == len(n.Names):
					out = append(out, n.Values[i])
				case len(n.Values) == 1 && i == 0:
					out = append(out, n.Values[0])
				default:
					unknown = true
				}
			}
		case *ast.UnaryExpr:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && pass.TypesInfo.Uses[id] == v {
				unknown = true
			}
		}
		return true
	})
	if unknown {
		return nil
	}
	return out
}

func isMarshal(name string) bool {
	return name == "encoding/json.Marshal" || name == "encoding/json.MarshalIndent"
}

func isRawMessage(t types.Type) bool {
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "encoding/json" && n.Obj().Name() == "RawMessage"
}

// jsonContainer reports whether s is a JSON object or array.
func jsonContainer(s string) bool {
	s = strings.TrimSpace(s)
	return (strings.HasPrefix(s, "{") || strings.HasPrefix(s, "[")) && json.Valid([]byte(s))
}
