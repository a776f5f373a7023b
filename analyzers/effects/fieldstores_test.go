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

// What a package writes into its string fields: constants in composite
// literals, keyed or not, and in defaults filled in; any other assignment
// (a method moving the value along), or the field's address taken, is
// "other", but not &j.State given to a Scan (a state read back); and a
// test's writes are left out.
func TestFieldWrites(t *testing.T) {
	src := map[string]string{
		"job.go": `package job
type Job struct {
	State string
	Kind  string
	Note  string
	Owner string
	Phase string
}
const Pending = "pending"
type row interface{ Scan(...any) error }
func (j *Job) Defaults(r row) {
	if j.State == "" {
		j.State = Pending
	}
	_ = r.Scan(&j.State)
	_ = Job{Kind: "mail"}
	_ = Job{"queued", "sms", "", "", ""}
	j.Note = j.Kind + "!"
	p := &j.Owner
	_ = p
	_ = Job{Phase: "new"}
}
func (j *Job) Start() { j.Phase = "started" }
`,
		"job_test.go": `package job
func setUp() { _ = Job{State: "done"} }
`,
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range []string{"job.go", "job_test.go"} {
		f, err := parser.ParseFile(fset, name, src[name], 0)
		require.NoError(t, err)
		files = append(files, f)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{},
		Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	_, err := (&types.Config{Importer: importer.Default()}).Check("job", fset, files, info)
	require.NoError(t, err)
	got := map[string]string{}
	for f, fs := range fieldWrites(fset, info, files) {
		got[f.Name()] = fs.String()
	}
	require.Equal(t, map[string]string{
		"State": "stores(pending, queued)",
		"Kind":  "stores(mail, sms)",
		"Note":  "stores(, other)",
		"Owner": "stores(, other)",
		"Phase": "stores(, new, other)",
	}, got)
}
