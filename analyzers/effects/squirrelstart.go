package effects

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// A database module of another module (a company's wrapper over a pgx
// pool) often starts squirrel builders itself, p.Select(cols...) or
// p.Update("jobs"), from a StatementBuilder it configured. Its code is
// not read (DependencyCode), but a method whose signature is the
// StatementBuilder's own, Select(...string) SelectBuilder or
// Insert/Update/Delete(string) and their builders, can only start that
// statement: a library cannot know the module's tables to add a clause.
// Its placeholder format is out of sight; the text is read with $n
// placeholders, the only form PostgreSQL accepts, which is also what the
// ? form becomes when a driver or Rebind numbers it in order.

// builderStart returns the StatementBuilder method ("Select", "Insert",
// "Update", "Delete") that a method of another module's type stands for,
// or "".
func builderStart(pass *analysis.Pass, fn *types.Func) string {
	sig := fn.Signature()
	if pass == nil || sig.Recv() == nil || fn.Pkg() == nil || fn.Pkg() == pass.Pkg || standardLibrary(fn.Pkg().Path()) || InModule(pass, fn.Pkg()) {
		return ""
	}
	if sig.Params().Len() != 1 || sig.Results().Len() != 1 {
		return ""
	}
	named, ok := types.Unalias(sig.Results().At(0).Type()).(*types.Named)
	if !ok || named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != squirrelPath {
		return ""
	}
	param := sig.Params().At(0).Type()
	if sig.Variadic() {
		param = param.(*types.Slice).Elem()
	}
	if b, ok := param.Underlying().(*types.Basic); !ok || b.Kind() != types.String {
		return ""
	}
	var op string
	switch named.Obj().Name() {
	case "SelectBuilder":
		op = "Select"
	case "InsertBuilder":
		op = "Insert"
	case "UpdateBuilder":
		op = "Update"
	case "DeleteBuilder":
		op = "Delete"
	default:
		return ""
	}
	if (op == "Select") != sig.Variadic() {
		return ""
	}
	return op
}
