package effects

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// The database values and transaction APIs of the ORMs whose statements
// the queue model reads (analyzers/internal/ormsql): bun's DB, Conn and Tx
// run SQL as database/sql's do, and a bun query is the database value its
// chain starts from (tx.NewSelect().Where(...) runs on tx).

const (
	bunPath     = "github.com/uptrace/bun"
	gopgPath    = "github.com/go-pg/pg/v10"
	gopgORMPath = "github.com/go-pg/pg/v10/orm"
)

// IsGorpPath reports whether an import path is gorp's: go-gorp/gorp (v1 and
// v2, +incompatible), its major versions (/v3) and the gopkg.in forms
// (gopkg.in/gorp.v1, gopkg.in/gorp.v2).
func IsGorpPath(path string) bool {
	if rest, ok := strings.CutPrefix(path, "github.com/go-gorp/gorp"); ok {
		return rest == "" || len(rest) > 2 && rest[:2] == "/v" && strings.Trim(rest[2:], "0123456789") == ""
	}
	if rest, ok := strings.CutPrefix(path, "gopkg.in/gorp.v"); ok {
		return rest != "" && strings.Trim(rest, "0123456789") == ""
	}
	return false
}

// ormKind classifies an ORM's own database types; KindUnknown for others.
// gorp's DbMap is its pool (a *sql.DB and a dialect) and its Transaction a
// *sql.Tx; its SqlExecutor interface, which both implement, stays unknown.
func ormKind(path, name string) Kind {
	if IsGorpPath(path) {
		switch name {
		case "DbMap":
			return KindPool
		case "Transaction":
			return KindTx
		}
		return KindUnknown
	}
	if path != bunPath && path != gopgPath {
		return KindUnknown
	}
	switch name {
	case "DB":
		return KindPool
	case "Conn":
		return KindConn
	case "Tx":
		return KindTx
	}
	return KindUnknown
}

// ormChainFrom returns the value a bun, go-pg or generic GORM query
// builder call builds on: the query a clause method is called on
// (q.Where(...) is q), or the database value that starts the chain
// (db.NewSelect(), db.Model(&jobs), gorm.G[Job](db) run on db). Nil for
// any other call.
func ormChainFrom(c *ssa.CallCommon) ssa.Value {
	if v := gopgChainFrom(c); v != nil {
		return v
	}
	if v := gormGenericChainFrom(c); v != nil {
		return v
	}
	fn := c.StaticCallee()
	if !inBun(fn) || fn.Signature.Recv() == nil || len(c.Args) == 0 {
		return nil
	}
	res := fn.Signature.Results()
	if res.Len() != 1 || !bunQueryType(res.At(0).Type()) {
		return nil
	}
	recv := fn.Signature.Recv().Type()
	if bunQueryType(recv) || strings.HasPrefix(fn.Name(), "New") && ormKindOf(recv) != KindUnknown {
		return c.Args[0]
	}
	return nil
}

// bunQueryType reports whether t is a pointer to one of bun's query
// builders (*bun.SelectQuery, *bun.RawQuery...).
func bunQueryType(t types.Type) bool {
	p, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := p.Elem().(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == bunPath && strings.HasSuffix(n.Obj().Name(), "Query")
}

func ormKindOf(t types.Type) Kind {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return KindUnknown
	}
	return ormKind(n.Obj().Pkg().Path(), n.Obj().Name())
}

// gopgChainFrom is ormChainFrom for go-pg: its *orm.Query's methods that
// return the query, and the Model method of its DB, Tx and Conn (declared
// on an unexported type they embed, as the receiver's field).
func gopgChainFrom(c *ssa.CallCommon) ssa.Value {
	fn := c.StaticCallee()
	if fn == nil || fn.Signature.Recv() == nil || len(c.Args) == 0 {
		return nil
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Pkg() == nil {
		return nil
	}
	res := fn.Signature.Results()
	if res.Len() != 1 || !isNamedPtr(res.At(0).Type(), gopgORMPath, "Query") {
		return nil
	}
	switch obj.Pkg().Path() {
	case gopgORMPath:
		if isNamedPtr(fn.Signature.Recv().Type(), gopgORMPath, "Query") {
			return c.Args[0]
		}
	case gopgPath:
		if fn.Name() == "Model" {
			return c.Args[0]
		}
	}
	return nil
}

func isNamedPtr(t types.Type, path, name string) bool {
	p, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named) // go-pg's pg.Query is orm.Query
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == path && n.Obj().Name() == name
}

// isORMBeginFunc reports whether a call is bun's RunInTx or go-pg's
// RunInTransaction, which run their last argument in a transaction they
// begin and end (commit when the function returns nil, roll back
// otherwise).
func isORMBeginFunc(c *ssa.CallCommon) bool {
	if fn := c.StaticCallee(); fn != nil && fn.Name() == "RunInTransaction" && len(c.Args) >= 2 {
		obj, ok := fn.Object().(*types.Func)
		return ok && obj.Pkg() != nil && obj.Pkg().Path() == gopgPath
	}
	fn := c.StaticCallee()
	if !inBun(fn) || fn.Name() != "RunInTx" || len(c.Args) < 2 || fn.Signature.Recv() == nil {
		return false
	}
	return ormKindOf(fn.Signature.Recv().Type()) != KindUnknown
}

// txParam returns the parameter of a function run in a transaction that
// holds the transaction: the one of a transaction type (bun's
// func(ctx, tx bun.Tx)), else the first (pgx's func(pgx.Tx)).
func txParam(fn *ssa.Function) ssa.Value {
	for _, p := range fn.Params {
		if KindOf(p.Type()) == KindTx {
			return p
		}
	}
	return fn.Params[0]
}

// inBun reports whether a function is bun's (its package may have no SSA
// of its own: its object says where it is declared).
func inBun(fn *ssa.Function) bool {
	if fn == nil {
		return false
	}
	obj, ok := fn.Object().(*types.Func)
	return ok && obj.Pkg() != nil && obj.Pkg().Path() == bunPath
}
