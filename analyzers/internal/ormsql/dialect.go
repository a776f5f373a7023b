package ormsql

import (
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
)

// offPostgres reports whether edge i of a phi is taken only when the
// database is not PostgreSQL: the phi joins the two sides of an if whose
// condition tests bun's dialect (`_, ok := db.Dialect().(*pgdialect.
// Dialect)`, `db.Dialect().Name() == dialect.PG`), and the edge comes from
// the side where it is false. jobqlint reads PostgreSQL: a statement built for
// SQLite on that side never runs on it.
func offPostgres(phi *ssa.Phi, i int) bool {
	b := phi.Block()
	idom := b.Idom()
	if idom == nil || len(idom.Instrs) == 0 || len(idom.Succs) != 2 {
		return false
	}
	ifInstr, ok := idom.Instrs[len(idom.Instrs)-1].(*ssa.If)
	if !ok {
		return false
	}
	pg, known := testsPostgres(ifInstr.Cond)
	if !known {
		return false
	}
	pred := b.Preds[i]
	onTrue := reachedVia(idom, idom.Succs[0], b, pred)
	onFalse := reachedVia(idom, idom.Succs[1], b, pred)
	if onTrue == onFalse {
		return false
	}
	return onTrue != pg
}

// reachedVia reports whether the join's predecessor pred is reached from
// the if block through its successor succ: the if jumps straight to the
// join (succ is the join, pred the if block), or succ dominates pred.
func reachedVia(ifBlock, succ, join, pred *ssa.BasicBlock) bool {
	if pred == ifBlock {
		return succ == join
	}
	return succ != join && succ.Dominates(pred)
}

// testsPostgres reports whether a condition tests that the dialect is
// PostgreSQL (true) or that it is not (false), when it tests the dialect
// at all. (if !isPostgres comes as the if with its sides swapped.)
func testsPostgres(v ssa.Value) (pg, known bool) {
	switch x := v.(type) {
	case *ssa.FreeVar:
		// A test made outside a closure (bun's RunInTx callback) that
		// the closure captures by value.
		if b := binding(x); b != nil {
			return testsPostgres(b)
		}
	case *ssa.UnOp:
		switch x.Op {
		case token.MUL:
			// A variable the closure shares with its maker: the test
			// stored in it once.
			addr := x.X
			if fv, ok := addr.(*ssa.FreeVar); ok {
				addr = binding(fv)
			}
			if v := storedOnce(addr); v != nil {
				return testsPostgres(v)
			}
		}
	case *ssa.Extract:
		ta, ok := x.Tuple.(*ssa.TypeAssert)
		if !ok || x.Index != 1 || !ta.CommaOk {
			return false, false
		}
		return true, isPostgresDialectType(ta.AssertedType)
	case *ssa.BinOp:
		if x.Op != token.EQL && x.Op != token.NEQ {
			return false, false
		}
		if isDialectName(x.X) && isPostgresName(x.Y) || isDialectName(x.Y) && isPostgresName(x.X) {
			return x.Op == token.EQL, true
		}
		// GORM: db.Dialector.Name() == "postgres", or != "sqlite"; pop:
		// c.Dialect.Name() == "cockroach": the side where the name is
		// another database's is not PostgreSQL.
		name, ok := ormDialectName(x.X, x.Y)
		if !ok {
			name, ok = ormDialectName(x.Y, x.X)
		}
		if ok {
			return (name == "postgres") == (x.Op == token.EQL), true
		}
	}
	return false, false
}

// isPostgresDialectType reports whether t is (a pointer to) a dialect
// type of a package named for PostgreSQL (bun's pgdialect.Dialect).
func isPostgresDialectType(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	return n.Obj().Name() == "Dialect" && strings.HasSuffix(n.Obj().Pkg().Path(), "/pgdialect") ||
		n.Obj().Name() == "Dialector" && n.Obj().Pkg().Path() == "gorm.io/driver/postgres"
}

// ormDialectName returns the name a GORM dialector's or a pop dialect's
// Name() is compared with, when call is that Name() (db.Dialector.Name(),
// the method of the gorm.Dialector interface or of a driver's Dialector;
// c.Dialect.Name() in pop) and name a string constant: GORM's drivers
// name themselves "postgres", "mysql", "sqlite", "sqlserver".
func ormDialectName(call, name ssa.Value) (string, bool) {
	k, ok := name.(*ssa.Const)
	if !ok || k.Value == nil || k.Value.Kind() != constant.String {
		return "", false
	}
	c, ok := call.(*ssa.Call)
	if !ok {
		return "", false
	}
	cc := c.Common()
	var fn *types.Func
	if cc.IsInvoke() {
		fn = cc.Method
	} else if callee := cc.StaticCallee(); callee != nil {
		fn, _ = callee.Object().(*types.Func)
	}
	if fn == nil || fn.Name() != "Name" || fn.Pkg() == nil {
		return "", false
	}
	// pop's dialects name themselves too (c.Dialect.Name() ==
	// "cockroach"): "postgres", "cockroach", "mysql", "mariadb",
	// "sqlite3"; in pop only its dialects have a Name method.
	p := fn.Pkg().Path()
	if p != "gorm.io/gorm" && !strings.HasPrefix(p, "gorm.io/driver/") && !effects.IsPopPath(p) {
		return "", false
	}
	return constant.StringVal(k.Value), true
}

// isDialectName reports whether v is what the Name method of one of bun's
// dialects returns.
func isDialectName(v ssa.Value) bool {
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	c := call.Common()
	var fn *types.Func
	if c.IsInvoke() {
		fn = c.Method
	} else if callee := c.StaticCallee(); callee != nil {
		fn, _ = callee.Object().(*types.Func)
	}
	if fn == nil || fn.Name() != "Name" {
		return false
	}
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil {
		return false
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != nil && strings.HasPrefix(n.Obj().Pkg().Path(), bunPath+"/")
}

// isPostgresName reports whether v is bun's dialect.PG.
func isPostgresName(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil {
		return false
	}
	n, ok := c.Type().(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != bunPath+"/dialect" {
		return false
	}
	pgConst, ok := n.Obj().Pkg().Scope().Lookup("PG").(*types.Const)
	return ok && constant.Compare(pgConst.Val(), token.EQL, c.Value)
}

// binding returns the value a closure's free variable is bound to where
// the closure is made.
func binding(fv *ssa.FreeVar) ssa.Value {
	fn := fv.Parent()
	idx := -1
	for i, f := range fn.FreeVars {
		if f == fv {
			idx = i
		}
	}
	parent := fn.Parent()
	if idx < 0 || parent == nil {
		return nil
	}
	for _, b := range parent.Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn {
				return mc.Bindings[idx] // a function literal is made in one place
			}
		}
	}
	return nil
}

// storedOnce returns the value stored to a local variable, when one store
// is all it gets.
func storedOnce(addr ssa.Value) ssa.Value {
	alloc, ok := addr.(*ssa.Alloc)
	if !ok {
		return nil
	}
	var val ssa.Value
	for _, r := range *alloc.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == alloc {
			if val != nil {
				return nil
			}
			val = st.Val
		}
	}
	return val
}
