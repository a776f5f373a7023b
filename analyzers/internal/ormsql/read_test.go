package ormsql_test

import (
	"go/ast"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/internal/ormsql"
)

// read runs the readers over a package of testdata/src (beside the
// library stubs of ruletest) and returns the statement each function's
// one ORM call sends, by the function's name.
func read(t *testing.T, pkg string) map[string]ormsql.Statement {
	t.Helper()
	got := map[string]ormsql.Statement{}
	a := &analysis.Analyzer{
		Name:      "ormread",
		Doc:       "records what ormsql reads",
		Requires:  []*analysis.Analyzer{effects.Analyzer},
		FactTypes: []analysis.Fact{(*ormsql.TableName)(nil), (*ormsql.PopModelWrite)(nil)},
		Run: func(pass *analysis.Pass) (any, error) {
			e, _ := pass.ResultOf[effects.Analyzer].(*effects.Effects)
			for fn, name := range ormsql.TableNames(pass.TypesInfo, pass.Files) {
				pass.ExportObjectFact(fn, &ormsql.TableName{Name: name})
			}
			for fn, w := range ormsql.PopModelWrites(pass.Pkg, e, pass.Files) {
				pass.ExportObjectFact(fn, w)
			}
			for cur := range inspector.New(pass.Files).Root().Preorder((*ast.CallExpr)(nil)) {
				st, ok := ormsql.Read(pass.TypesInfo, e, cur, pass.ImportObjectFact)
				if !ok {
					continue
				}
				for fn := range cur.Enclosing((*ast.FuncDecl)(nil)) {
					name := fn.Node().(*ast.FuncDecl).Name.Name
					if _, dup := got[name]; dup {
						t.Errorf("%s: more than one statement", name)
					}
					got[name] = st
					break
				}
			}
			return nil, nil
		},
	}
	gopath := t.TempDir()
	_, file, _, _ := runtime.Caller(0)
	for _, src := range []string{filepath.Join(filepath.Dir(file), "testdata", "src"), filepath.Join(filepath.Dir(file), "..", "ruletest", "testdata", "src")} {
		if err := os.CopyFS(filepath.Join(gopath, "src"), os.DirFS(src)); err != nil {
			t.Fatal(err)
		}
	}
	for _, res := range analysistest.Run(t, gopath, a, pkg) {
		if res.Err != nil {
			t.Fatal(res.Err)
		}
	}
	return got
}
