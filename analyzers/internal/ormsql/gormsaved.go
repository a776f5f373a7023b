package ormsql

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"
)

// savedFieldConsts returns the string constants a function assigns to
// the fields of the struct variable a call is given (Save(&job) after
// job.Status = "running"), by field name: the statements before the
// call's own in its block are read back from it, the latest assignment of
// a field winning. A statement that uses the variable otherwise (passes
// it or its address on, assigns it whole, reads it into another value)
// ends the reading, since what it changes is out of sight; a field
// assigned anything but a string constant has no constant.
func savedFieldConsts(info *types.Info, cur inspector.Cursor, val ast.Expr) map[string]string {
	base := ast.Unparen(val)
	if u, ok := base.(*ast.UnaryExpr); ok && u.Op == token.AND {
		base = ast.Unparen(u.X)
	}
	id, ok := base.(*ast.Ident)
	if !ok {
		return nil
	}
	obj, ok := info.Uses[id].(*types.Var)
	if !ok {
		return nil
	}
	stmt, ok := stmtInBlock(cur)
	if !ok {
		return nil
	}
	out := map[string]string{}
	seen := map[string]bool{}
	for s, ok := stmt.PrevSibling(); ok; s, ok = s.PrevSibling() {
		switch n := s.Node().(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) == 1 && len(n.Rhs) == 1 && !uses(info, n.Rhs[0], obj) {
				if f := fieldOfVar(info, n.Lhs[0], obj); f != "" {
					if !seen[f] {
						seen[f] = true
						if tv := info.Types[n.Rhs[0]]; n.Tok == token.ASSIGN && tv.Value != nil && tv.Value.Kind() == constant.String {
							out[f] = constant.StringVal(tv.Value)
						}
					}
					continue
				}
			}
		case *ast.IncDecStmt:
			if f := fieldOfVar(info, n.X, obj); f != "" {
				seen[f] = true
				continue
			}
		}
		if uses(info, s.Node(), obj) {
			break
		}
	}
	return out
}

// stmtInBlock returns the statement of a block (a function body, an if's
// or a loop's) that holds the node at the cursor.
func stmtInBlock(cur inspector.Cursor) (inspector.Cursor, bool) {
	for c := cur; c.Valid(); c = c.Parent() {
		p := c.Parent()
		if !p.Valid() {
			break
		}
		switch p.Node().(type) {
		case *ast.BlockStmt:
			return c, true
		case *ast.FuncLit, *ast.FuncDecl:
			return inspector.Cursor{}, false
		}
	}
	return inspector.Cursor{}, false
}

// fieldOfVar returns the name of the field of v that e selects (v.Status),
// or "".
func fieldOfVar(info *types.Info, e ast.Expr, v *types.Var) string {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	x, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok || info.Uses[x] != v {
		return ""
	}
	if s := info.Selections[sel]; s == nil || s.Kind() != types.FieldVal {
		return ""
	}
	return sel.Sel.Name
}

// uses reports whether a node mentions a variable.
func uses(info *types.Info, n ast.Node, v *types.Var) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && info.Uses[id] == v {
			found = true
		}
		return !found
	})
	return found
}
