package effects

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/stretchr/testify/require"
)

// A field is named by the package-level struct type that declares it; a
// type defined on another (type Archived Job) shares its fields, and the
// first of the two in name order names them, as before the owners were
// indexed.
func TestFieldOwnerName(t *testing.T) {
	src := `package job
type Job struct{ State string; Kind string }
type Archived Job
type queries struct{ table string }
func local() { type row struct{ ID int }; _ = row{} }
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "job.go", src, 0)
	require.NoError(t, err)
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("job", fset, []*ast.File{f}, nil)
	require.NoError(t, err)
	field := func(typ string, i int) *types.Var {
		return pkg.Scope().Lookup(typ).Type().Underlying().(*types.Struct).Field(i)
	}
	require.Equal(t, "Archived.State", fieldName(field("Job", 0)))
	require.Equal(t, "Archived.Kind", fieldName(field("Archived", 1)))
	require.Equal(t, "queries.table", fieldName(field("queries", 0)))
	require.False(t, exportedOwner(field("queries", 0)))
	require.True(t, exportedOwner(field("Job", 0)))
}
