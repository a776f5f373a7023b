package queuemodel

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/internal/pgxpath"
)

const (
	pgxPath     = "github.com/jackc/pgx/v5"
	pgxpoolPath = "github.com/jackc/pgx/v5/pgxpool"
	pgconnPath  = "github.com/jackc/pgx/v5/pgconn"
	sqlPath     = "database/sql"
	sqlxPath    = "github.com/jmoiron/sqlx"
)

// sqlMethods are the methods that take SQL text, on every library.
var sqlMethods = map[string]bool{
	"Exec": true, "Query": true, "QueryRow": true,
	"ExecContext": true, "QueryContext": true, "QueryRowContext": true,
	"Prepare": true, "PrepareContext": true, "Queue": true,
	// sqlx
	"Get": true, "GetContext": true, "Select": true, "SelectContext": true,
	"MustExec": true, "MustExecContext": true, "Queryx": true, "QueryxContext": true,
	"QueryRowx": true, "QueryRowxContext": true, "Preparex": true, "PreparexContext": true,
	"NamedExec": true, "NamedExecContext": true, "NamedQuery": true, "NamedQueryContext": true,
}

// A dbMethod is a recognized method that takes SQL.
type dbMethod struct {
	name     string
	sqlIndex int // index of the SQL argument
	recv     Receiver
	api      API
}

// classifyMethod recognizes a call of a database method that takes SQL.
func classifyMethod(pass *analysis.Pass, call *ast.CallExpr) (dbMethod, bool) {
	info := pass.TypesInfo
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok {
		return dbMethod{}, false
	}
	sig := fn.Type().(*types.Signature)
	recv := sig.Recv()
	if m, ok := dependencyWrapper(pass, fn); ok {
		return m, true
	}
	if m, ok := gorpMethod(fn); ok {
		return m, true
	}
	if !sqlMethods[fn.Name()] {
		return dbMethod{}, false
	}
	if recv == nil {
		return sqlxFunc(info, call, fn)
	}
	if receiverOf(recv.Type()) == RecvStmt {
		// A prepared statement runs the SQL given to Prepare: the caller
		// finds it (sqlIndex -1).
		switch strings.TrimSuffix(fn.Name(), "Context") {
		case "Exec", "Query", "QueryRow", "Get", "Select":
			return dbMethod{name: fn.Name(), sqlIndex: -1, recv: RecvStmt, api: APISQL}, true
		}
		return dbMethod{}, false
	}
	idx := effects.SQLParam(sig)
	if idx < 0 {
		return dbMethod{}, false
	}
	m := dbMethod{name: fn.Name(), sqlIndex: idx}
	switch pkg := pkgPath(fn); pkg {
	case pgxPath, pgxpoolPath:
		m.api = APIPgx
		m.recv = receiverOf(recv.Type())
	case sqlPath, sqlxPath:
		m.api = APISQL
		m.recv = receiverOf(recv.Type())
	default:
		// An interface of the module's own (sqlc's DBTX, a queue library's
		// adapter): recognized by results from a database library, or by a
		// method set with several of Exec, Query and QueryRow taking SQL.
		if !types.IsInterface(recv.Type()) || !(returnsDBType(sig) || dbLikeInterface(recv.Type())) {
			return dbMethod{}, false
		}
		m.api = apiOfResults(sig)
		m.recv = RecvUnknown
	}
	return m, true
}

// gorpMethods are gorp's methods that run the SQL text they are given (on
// its DbMap and Transaction and the SqlExecutor interface both implement),
// each by the method of database/sql or sqlx whose result it reads alike:
// SelectOne fills one holder and fails with sql.ErrNoRows on no row (and
// on more than one), as sqlx's Get does; Select fills a slice; the scalar
// selects read one row (checked in gorp v2.2.0's and v3.1.0's select.go).
var gorpMethods = map[string]string{
	"Exec": "Exec", "Query": "Query", "QueryRow": "QueryRow",
	"Select": "Select", "SelectOne": "Get",
	"SelectInt": "QueryRow", "SelectNullInt": "QueryRow", "SelectFloat": "QueryRow",
	"SelectNullFloat": "QueryRow", "SelectStr": "QueryRow", "SelectNullStr": "QueryRow",
}

// gorpMethod recognizes a call of one of gorp's raw-SQL methods. Its
// DbMap is a pool and its Transaction a transaction (effects.KindOf); the
// SqlExecutor interface, either of them, is an unknown receiver.
func gorpMethod(fn *types.Func) (dbMethod, bool) {
	name, ok := gorpMethods[fn.Name()]
	if !ok || fn.Pkg() == nil || !effects.IsGorpPath(fn.Pkg().Path()) {
		return dbMethod{}, false
	}
	sig := fn.Type().(*types.Signature)
	idx := effects.SQLParam(sig)
	if idx < 0 || sig.Recv() == nil {
		return dbMethod{}, false
	}
	return dbMethod{name: name, sqlIndex: idx, recv: receiverOf(sig.Recv().Type()), api: APISQL}, true
}

// sqlxFunc recognizes sqlx's package functions that run SQL on the handle
// they are given, sqlx.Select(db, &jobs, query, args...) or
// sqlx.GetContext(ctx, tx, &job, query, args...): the handle is the
// argument that stands for the receiver of the method of the same name.
func sqlxFunc(info *types.Info, call *ast.CallExpr, fn *types.Func) (dbMethod, bool) {
	if pkgPath(fn) != sqlxPath {
		return dbMethod{}, false
	}
	sig := fn.Type().(*types.Signature)
	idx := effects.SQLParam(sig)
	h := 0
	if strings.HasSuffix(fn.Name(), "Context") {
		h = 1
	}
	if idx < 0 || h >= len(call.Args) {
		return dbMethod{}, false
	}
	return dbMethod{name: fn.Name(), sqlIndex: idx, recv: receiverOf(info.TypeOf(call.Args[h])), api: APISQL}, true
}

func pkgPath(obj types.Object) string {
	if obj.Pkg() == nil {
		return ""
	}
	return pgxpath.Canonical(obj.Pkg().Path())
}

// receiverOfKind is the receiver of a pool, connection or transaction of
// the effects model; RecvUnknown for any other kind.
func receiverOfKind(k effects.Kind) Receiver {
	switch k {
	case effects.KindPool:
		return RecvPool
	case effects.KindConn:
		return RecvConn
	case effects.KindTx:
		return RecvTx
	}
	return RecvUnknown
}

// receiverOf classifies a library's receiver type: a pool, connection or
// transaction as the effects model does, or a batch or prepared statement.
func receiverOf(t types.Type) Receiver {
	if r := receiverOfKind(effects.KindOf(t)); r != RecvUnknown {
		return r
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := t.(*types.Named)
	if !ok {
		return RecvUnknown
	}
	obj := named.Obj()
	switch pkgPath(obj) + "." + obj.Name() {
	case pgxPath + ".Batch":
		return RecvBatch
	case sqlPath + ".Stmt", sqlxPath + ".Stmt", sqlxPath + ".NamedStmt":
		return RecvStmt
	}
	return RecvUnknown
}

// dbLikeInterface reports whether an interface has at least two of Exec,
// Query and QueryRow (or their Context variants), each taking SQL.
func dbLikeInterface(t types.Type) bool {
	iface, ok := t.Underlying().(*types.Interface)
	if !ok {
		return false
	}
	found := map[string]bool{}
	for i := 0; i < iface.NumMethods(); i++ {
		m := iface.Method(i)
		name := strings.TrimSuffix(m.Name(), "Context")
		switch name {
		case "Exec", "Query", "QueryRow":
			if effects.SQLParam(m.Type().(*types.Signature)) >= 0 {
				found[name] = true
			}
		}
	}
	return len(found) >= 2
}

// returnsDBType reports whether a method's results include a type of a
// database library, as an interface over pgx or database/sql has.
func returnsDBType(sig *types.Signature) bool { return apiOfResults(sig) != APIUnknown }

func apiOfResults(sig *types.Signature) API {
	res := sig.Results()
	for i := 0; i < res.Len(); i++ {
		t := res.At(i).Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		named, ok := t.(*types.Named)
		if !ok {
			continue
		}
		switch pkgPath(named.Obj()) {
		case pgxPath, pgxpoolPath, pgconnPath:
			return APIPgx
		case sqlPath, sqlxPath:
			return APISQL
		}
	}
	return APIUnknown
}

// isScan reports whether sel selects a Scan method (pgx.Row, pgx.Rows,
// *sql.Row, *sql.Rows, and their sqlx twins).
func isScan(info *types.Info, sel *ast.SelectorExpr) bool {
	fn, ok := info.Uses[sel.Sel].(*types.Func)
	if !ok || !strings.HasPrefix(fn.Name(), "Scan") && fn.Name() != "StructScan" {
		return false
	}
	switch pkgPath(fn) {
	case pgxPath, sqlPath, sqlxPath:
		return true
	}
	return false
}
