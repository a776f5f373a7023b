package ormsql

import (
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// TableName is the fact that a model type's TableName method returns one
// constant, the table an ORM that asks the method names by the type: a
// package that reads a model declared in another package (pop's
// TableName(), or TableName(ctx)) learns its table from it.
type TableName struct {
	Name string
}

func (*TableName) AFact() {}

func (t *TableName) String() string { return "table name " + t.Name }

// TableNames returns the package's methods named TableName whose body is
// a single return of a string constant, with that constant.
func TableNames(info *types.Info, files []*ast.File) map[*types.Func]string {
	out := map[*types.Func]string{}
	for _, f := range files {
		for _, d := range f.Decls {
			decl, ok := d.(*ast.FuncDecl)
			if !ok || decl.Recv == nil || decl.Name.Name != "TableName" || decl.Body == nil || len(decl.Body.List) != 1 {
				continue
			}
			ret, ok := decl.Body.List[0].(*ast.ReturnStmt)
			if !ok || len(ret.Results) != 1 {
				continue
			}
			tv := info.Types[ret.Results[0]]
			fn, ok := info.Defs[decl.Name].(*types.Func)
			if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
				continue
			}
			out[fn] = constant.StringVal(tv.Value)
		}
	}
	return out
}

// FactImporter imports an object fact of another package, as
// analysis.Pass.ImportObjectFact does.
type FactImporter func(types.Object, analysis.Fact) bool
