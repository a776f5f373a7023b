package ormsql

import (
	"fmt"
	"go/ast"
	"go/types"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// readDotsql reads the statement a dotsql call runs: dot.Exec(db, "name",
// args...) and its Query and QueryRow twins (and their Context forms) look
// up the named query in the file the DotSql was loaded from and run it on
// db. The file is read by dotsql's rules (sqlcheck.Dotsql).
func readDotsql(req *Request) (Statement, bool) {
	method, ok := strings.CutSuffix(req.Callee.Name(), "Context")
	first := 0 // the db argument
	if ok {
		first = 1
	}
	if method != "Exec" && method != "Query" && method != "QueryRow" {
		return Statement{}, false // LoadFromFile, Prepare...
	}
	call := req.Call
	st := Statement{Method: method, Handle: dotsqlHandle(req.Info.TypeOf(call.Args[first]))}
	if !call.Ellipsis.IsValid() {
		st.Args = call.Args[first+2:]
	}
	st.ScanArgs = dotsqlScanArgs(req)
	st.ResultChecked = dotsqlResultChecked(req.Cursor)
	st.SQL, st.Unread = dotsqlQuery(req, first+1)
	st.Known = st.Unread == ""
	return st, true
}

// dotsqlHandle says what a statement runs on from the type of dotsql's db
// argument.
func dotsqlHandle(t types.Type) Handle {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return HandleUnknown
	}
	switch path := n.Obj().Pkg().Path(); {
	case path != "database/sql" && path != "github.com/jmoiron/sqlx":
		return HandleUnknown
	case n.Obj().Name() == "DB":
		return HandleAutocommit
	case n.Obj().Name() == "Tx":
		return HandleTx
	}
	return HandleUnknown
}

// dotsqlQuery returns the SQL of the named query a call runs, or why it
// cannot be read.
func dotsqlQuery(req *Request, nameArg int) (sql, unread string) {
	instr := req.Effects.Call(req.Call)
	if instr == nil {
		return "", "a dotsql query with no SSA"
	}
	name, ok := constText(req.Effects.Strings(effects.Arg(instr, nameArg)))
	if !ok {
		return "", "a dotsql query whose name is not one constant"
	}
	recv := instr.Common().Args[0]
	src, ok := req.Effects.LoadedQueries(recv)
	if !ok {
		return "", fmt.Sprintf("the dotsql query %q of queries loaded out of sight", name)
	}
	file, content := "", []byte(src.Text)
	if !src.FromText {
		var err error
		if file, content, err = findQueryFile(req, src.Path, src.Embedded); err != nil {
			return "", fmt.Sprintf("the dotsql query %q: %v", name, err)
		}
	}
	qs, _ := sqlcheck.ParseNamedQueries(file, content, sqlcheck.Dotsql)
	for _, q := range qs {
		if q.Name != name {
			continue
		}
		if strings.Contains(q.SQL, "{{") {
			// dotsql runs each query as a text/template.
			return "", fmt.Sprintf("the dotsql query %q is a template", name)
		}
		return q.SQL, ""
	}
	return "", fmt.Sprintf("the dotsql query %q is not in %s", name, filepath.Base(file))
}

func constText(vs effects.Values) (string, bool) {
	if !vs.Known() || len(vs.Set) != 1 {
		return "", false
	}
	return vs.Set[0].Text()
}

// findQueryFile finds the file LoadFromFile opens, a path relative to the
// program's working directory: in the package's directory or one above it,
// up to the module root (the directory with go.mod), whose files the
// module key covers. An embedded file is in the package's directory.
func findQueryFile(req *Request, path string, embedded bool) (string, []byte, error) {
	if filepath.IsAbs(path) {
		return "", nil, fmt.Errorf("%s is outside the module", path)
	}
	prog := req.Effects.Pkg().Prog
	dirs := queryFileDirs(filepath.Dir(prog.Fset.Position(req.Call.Pos()).Filename))
	if embedded {
		dirs = dirs[:1] // //go:embed paths are relative to the package
	}
	for _, dir := range dirs {
		candidate := filepath.Join(dir, path)
		if content, err := os.ReadFile(candidate); err == nil {
			return candidate, content, nil
		}
	}
	return "", nil, fmt.Errorf("%s is not found in the package's directory or above it in the module", path)
}

// dotsqlScanArgs finds the Scan of the row or rows a call returns into a
// variable: row, err := dot.QueryRow(...); row.Scan(&id).
func dotsqlScanArgs(req *Request) []ast.Expr {
	assign, ok := req.Cursor.Parent().Node().(*ast.AssignStmt)
	if !ok || len(assign.Lhs) == 0 {
		return nil
	}
	id, ok := assign.Lhs[0].(*ast.Ident)
	if !ok {
		return nil
	}
	v := req.Info.ObjectOf(id)
	if v == nil {
		return nil
	}
	for fn := range req.Cursor.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		for cur := range fn.Preorder((*ast.CallExpr)(nil)) {
			c := cur.Node().(*ast.CallExpr)
			sel, ok := c.Fun.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "Scan" || c.Pos() < req.Call.End() {
				continue
			}
			if x, ok := ast.Unparen(sel.X).(*ast.Ident); ok && req.Info.Uses[x] == v {
				return c.Args
			}
		}
		break
	}
	return nil
}

// dotsqlResultChecked says whether the code keeps what a call returns: a
// bare call or a result assigned to _ is unchecked; a kept one is taken
// as checked (the tool cannot tell otherwise).
func dotsqlResultChecked(cur inspector.Cursor) bool {
	switch p := cur.Parent().Node().(type) {
	case *ast.ExprStmt:
		return false
	case *ast.AssignStmt:
		if id, ok := p.Lhs[0].(*ast.Ident); ok && id.Name == "_" {
			return false
		}
	}
	return true
}

func isModuleRoot(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, "go.mod"))
	return err == nil
}

// inModule reports whether dir is inside a module: it or a directory above
// it holds a go.mod. Outside one (GOPATH), only the package's directory is
// searched.
func inModule(dir string) bool {
	for {
		if isModuleRoot(dir) {
			return true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return false
		}
		dir = parent
	}
}

// queryFileDirs returns the directories a relative path given to
// LoadFromFile is looked for in: the package's directory, then each one
// above it up to the module root; outside a module, the package's only.
func queryFileDirs(pkgDir string) []string {
	dirs := []string{pkgDir}
	if !inModule(pkgDir) {
		return dirs
	}
	for dir := pkgDir; !isModuleRoot(dir) && filepath.Dir(dir) != dir; {
		dir = filepath.Dir(dir)
		dirs = append(dirs, dir)
	}
	return dirs
}
