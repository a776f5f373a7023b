package effects

import (
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
// with a constant name, the Query field of one, or a prepared statement
// read from a struct field tagged `query:"name"` (through the *sql.Stmt
// that sqlx's Stmt embeds, and tx.Stmtx). False when the value is none of
// these; a named query whose name is not one constant has a Hole.
func (e *Effects) QueryName(v ssa.Value) (NamedQuery, bool) {
	if e == nil || e.Pkg() == nil {
		return NamedQuery{}, false
	}
	var q NamedQuery
	for range maxSteps {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
			continue
		case *ssa.Call:
			callee := x.Call.StaticCallee()
			if callee == nil || !bindsToTx(callee) {
				return NamedQuery{}, false
			}
			q.InTx, v = true, x.Call.Args[1]
			continue
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

// bindsToTx reports whether fn binds a prepared statement to a
// transaction: (*sql.Tx).Stmt, (*sqlx.Tx).Stmtx.
func bindsToTx(fn *ssa.Function) bool {
	recv := fn.Signature.Recv()
	if recv == nil {
		return false
	}
	switch {
	case fn.Name() == "Stmt" && isType(recv.Type(), "database/sql", "Tx"):
		return true
	case fn.Name() == "Stmtx" && isType(recv.Type(), "github.com/jmoiron/sqlx", "Tx"):
		return true
	}
	return false
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
