package effects

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// goyesqlPaths are the import paths of goyesql and its forks, whose
// Queries map (name to *Query) holds the queries of a named-query file.
var goyesqlPaths = map[string]bool{
	"github.com/knadh/goyesql":    true,
	"github.com/knadh/goyesql/v2": true,
	"github.com/nleof/goyesql":    true,
}

// GoyesqlPath reports whether an import path is goyesql's or a fork's.
func GoyesqlPath(path string) bool { return goyesqlPaths[path] }

// A NamedQuery says that a value is the query a named-query file gives a
// name: the SQL text of queries["name"].Query, or a statement that
// goyesql's ScanToStruct prepared into a struct field tagged
// `query:"name"`.
type NamedQuery struct {
	Name string
	// Hole says why the name is unknown, for a value that is a named query
	// whose name is not one constant; Name is then empty.
	Hole string
	// InTx says the statement was bound to a transaction (tx.Stmtx(stmt),
	// tx.Stmt(stmt)), so it runs there rather than on the pool it was
	// prepared on.
	InTx bool
}

// QueryName returns the named query a value holds: a goyesql map lookup
// with a constant name (the SQL text the lookup gives, or the Query field
// of the *Query it gives), or a prepared statement
// read from a struct field tagged `query:"name"` (through the *sql.Stmt
// that sqlx's Stmt embeds, and tx.Stmtx). False when the value is none of
// these; a named query whose name is not one constant has a Hole.
func (e *Effects) QueryName(v ssa.Value) (NamedQuery, bool) {
	if e == nil || e.Pkg() == nil {
		return NamedQuery{}, false
	}
	var q NamedQuery
	for range maxSteps {
		if prev, bound, ok := stmtStep(v); ok {
			q.InTx, v = q.InTx || bound, prev
			continue
		}
		switch x := v.(type) {
		case *ssa.Lookup:
			if isGoyesql(x.X.Type(), "Queries") {
				return e.lookupName(x, q) // nleof/goyesql's Queries map a name to its SQL
			}
		case *ssa.UnOp:
			fa, ok := x.X.(*ssa.FieldAddr)
			if x.Op != token.MUL || !ok {
				return NamedQuery{}, false
			}
			st, ok := structOf(fa.X.Type())
			if !ok {
				return NamedQuery{}, false
			}
			f := st.Field(fa.Field)
			if f.Embedded() && isType(f.Type(), "database/sql", "Stmt") {
				v = fa.X // (*sqlx.Stmt).Exec is the embedded *sql.Stmt's
				continue
			}
			if name, ok := queryTag(st.Tag(fa.Field)); ok {
				q.Name = name
				return q, true
			}
			if f.Name() == "Query" && isGoyesql(fa.X.Type(), "Query") {
				return e.lookupName(fa.X, q)
			}
		}
		return NamedQuery{}, false
	}
	return NamedQuery{}, false
}

// lookupName reads queries["name"] on a map of goyesql queries.
func (e *Effects) lookupName(v ssa.Value, q NamedQuery) (NamedQuery, bool) {
	l, ok := v.(*ssa.Lookup)
	if !ok {
		return NamedQuery{}, false // q, ok := queries[name] is read no further
	}
	vs := e.Strings(l.Index)
	name, ok := single(vs)
	switch {
	case ok:
		q.Name = name
	case vs.Hole != "":
		q.Hole = vs.Hole
	default:
		q.Hole = "one of several names"
	}
	return q, true
}

// queryTag returns the name a `query:"name"` tag gives, as goyesql's
// ScanToStruct reads it: the part before a comma; "-" or empty is none.
func queryTag(tag string) (string, bool) {
	v := reflect.StructTag(tag).Get("query")
	if v == "" || v == "-" {
		return "", false
	}
	parts := strings.Split(v, ",")
	if len(parts) == 2 && (parts[0] == "-" || parts[0] == "") {
		return "", false
	}
	return parts[0], parts[0] != ""
}

// boundToTx returns the transaction and the prepared statement of a call
// that binds the statement to the transaction: (*sql.Tx).Stmt(stmt),
// (*sql.Tx).StmtContext(ctx, stmt), and sqlx's Stmtx and StmtxContext.
func boundToTx(call *ssa.Call) (tx, stmt ssa.Value, ok bool) {
	fn := call.Call.StaticCallee()
	if fn == nil {
		return nil, nil, false
	}
	recv := fn.Signature.Recv()
	if recv == nil {
		return nil, nil, false
	}
	args := call.Call.Args
	switch {
	case (fn.Name() == "Stmt" || fn.Name() == "StmtContext") && isType(recv.Type(), "database/sql", "Tx"),
		(fn.Name() == "Stmtx" || fn.Name() == "StmtxContext") && isType(recv.Type(), "github.com/jmoiron/sqlx", "Tx"):
		if len(args) < 2 {
			return nil, nil, false
		}
		return args[0], args[len(args)-1], true
	}
	return nil, nil, false
}

func structOf(t types.Type) (*types.Struct, bool) {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	return st, ok
}

// isType reports whether t is the named type path.name, or a pointer to it.
func isType(t types.Type, path, name string) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	return ok && n.Obj().Name() == name && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == path
}

func isGoyesql(t types.Type, name string) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	return ok && n.Obj().Name() == name && n.Obj().Pkg() != nil && goyesqlPaths[n.Obj().Pkg().Path()]
}

// dotsqlPath is the import path of dotsql, whose DotSql value holds the
// queries of a named-query file.
const dotsqlPath = "github.com/qustavo/dotsql"

// A QueryFile is where a dotsql value's queries come from: the file
// LoadFromFile opens (a path relative to the program's working
// directory), or the text LoadFromString reads.
type QueryFile struct {
	Path string
	Text string
	// FromText says the queries come from Text.
	FromText bool
	// Embedded says Path is the file a //go:embed directive puts into the
	// string given to LoadFromString: relative to the package's directory.
	Embedded bool
}

// LoadedQueries follows a dotsql value (a *DotSql, or the DotSql it
// points to) back to the LoadFromFile or LoadFromString call that made it,
// through package variables and struct fields the package stores it in
// once. False when there is no single such call with a constant argument.
func (e *Effects) LoadedQueries(v ssa.Value) (QueryFile, bool) {
	if e == nil || e.Pkg() == nil {
		return QueryFile{}, false
	}
	for range maxSteps {
		switch x := v.(type) {
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return QueryFile{}, false
			}
			switch addr := x.X.(type) {
			case *ssa.Global:
				if v = e.storedOnce(func(a ssa.Value) bool { return a == addr }); v == nil {
					return QueryFile{}, false
				}
			case *ssa.FieldAddr:
				f := fieldOf(addr.X.Type(), addr.Field)
				if v = e.storedOnce(func(a ssa.Value) bool {
					fa, ok := a.(*ssa.FieldAddr)
					return ok && fieldOf(fa.X.Type(), fa.Field) == f
				}); v == nil {
					return QueryFile{}, false
				}
			default:
				v = x.X // the DotSql a *DotSql points to
			}
		case *ssa.Extract:
			v = x.Tuple
		case *ssa.Call:
			callee := x.Call.StaticCallee()
			if callee == nil || len(x.Call.Args) != 1 {
				return QueryFile{}, false
			}
			if isFunc(callee, dotsqlPath, "LoadFromString") {
				if path, embed := e.embedded(x.Call.Args[0]); embed {
					// The compiler fills the variable: no store says what
					// it holds, the directive does.
					return QueryFile{Path: path, Embedded: true}, path != ""
				}
			}
			s, ok := single(e.Strings(x.Call.Args[0]))
			switch {
			case !ok:
				return QueryFile{}, false
			case isFunc(callee, dotsqlPath, "LoadFromFile"):
				return QueryFile{Path: s}, true
			case isFunc(callee, dotsqlPath, "LoadFromString"):
				return QueryFile{Text: s, FromText: true}, true
			}
			return QueryFile{}, false
		default:
			return QueryFile{}, false
		}
	}
	return QueryFile{}, false
}

// storedOnce returns the value of the package's one store to the
// addresses addr matches; nil when there is none or more than one.
func (e *Effects) storedOnce(addr func(ssa.Value) bool) ssa.Value {
	var val ssa.Value
	for _, st := range e.allStores() {
		if !addr(st.Addr) {
			continue
		}
		if val != nil {
			return nil
		}
		val = st.Val
	}
	return val
}

// embedded reports whether v reads a package variable that a //go:embed
// directive fills, and the file it names when it names one (a pattern or
// several files give "").
func (e *Effects) embedded(v ssa.Value) (string, bool) {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return "", false
	}
	g, ok := load.X.(*ssa.Global)
	if !ok || g.Object() == nil {
		return "", false
	}
	for _, f := range e.pass.Files {
		for _, decl := range f.Decls {
			gen, ok := decl.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, spec := range gen.Specs {
				vs, ok := spec.(*ast.ValueSpec)
				if !ok || len(vs.Names) != 1 || e.pass.TypesInfo.Defs[vs.Names[0]] != g.Object() {
					continue
				}
				doc := vs.Doc
				if doc == nil && len(gen.Specs) == 1 {
					doc = gen.Doc
				}
				return embedPattern(doc)
			}
		}
	}
	return "", false
}

// embedPattern reports whether a declaration's comments hold a //go:embed
// directive, and the one file it names, if it names one.
func embedPattern(doc *ast.CommentGroup) (string, bool) {
	if doc == nil {
		return "", false
	}
	for _, c := range doc.List {
		if rest, ok := strings.CutPrefix(c.Text, "//go:embed "); ok {
			fields := strings.Fields(rest)
			if len(fields) == 1 && !strings.ContainsAny(fields[0], "*?[\"") {
				return fields[0], true
			}
			return "", true
		}
	}
	return "", false
}
