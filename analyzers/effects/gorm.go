package effects

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// GORM's transactions: a *gorm.DB runs SQL, and is one database value along
// a chain of its builder calls (db.Where(...).Order(...) runs on db); its
// Begin starts a transaction that its Commit and Rollback end, and its
// Transaction runs a function in a transaction it begins and ends.

const gormPath = "gorm.io/gorm"

// IsGormDB reports whether t is gorm.DB or a pointer to it.
func IsGormDB(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := t.(*types.Named)
	return ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == gormPath && named.Obj().Name() == "DB"
}

// gormMethod returns the name of the *gorm.DB method a call calls, or "".
func gormMethod(c *ssa.CallCommon) string {
	fn := c.StaticCallee()
	if fn == nil || fn.Signature.Recv() == nil || !IsGormDB(fn.Signature.Recv().Type()) {
		return ""
	}
	return fn.Name()
}

// gormTransaction returns the function a (*gorm.DB).Transaction call runs
// in its transaction, or nil.
func gormTransaction(c *ssa.CallCommon) *ssa.Function {
	if gormMethod(c) != "Transaction" || len(c.Args) < 2 {
		return nil
	}
	return funcArg(c.Args[1])
}

// gormIsolation is the isolation a gorm Begin or Transaction call asks
// for: the default without options, the level of one *sql.TxOptions it is
// given, and unknown for options the tool cannot open.
func gormIsolation(c *ssa.CallCommon) Isolation {
	last := c.Args[len(c.Args)-1]
	if k, ok := last.(*ssa.Const); ok && k.IsNil() {
		return IsoDefault
	}
	elems := arrayElems(sliceArray(last))
	if len(elems) != 1 || elems[0] == nil || isoField(elems[0].Type()) < 0 {
		return IsoUnknown
	}
	return isolationOf(elems[0])
}

// gormGenericChainFrom returns the value a call of GORM's generic API runs
// on: the interface a method of it is called on
// (gorm.G[Job](tx).Where(...).First(ctx) runs on what Where returns), or
// the database G is given. Nil for any other call.
func gormGenericChainFrom(c *ssa.CallCommon) ssa.Value {
	if c.IsInvoke() {
		if IsGormGeneric(c.Value.Type()) {
			return c.Value
		}
		return nil
	}
	if IsGormG(c) {
		return c.Args[0]
	}
	return nil
}

// IsGormG reports whether a call calls gorm.G (an instance of it), the
// start of a chain of GORM's generic API (gorm.io/gorm v1.30 and later).
func IsGormG(c *ssa.CallCommon) bool {
	fn := c.StaticCallee()
	if fn == nil || len(c.Args) == 0 {
		return false
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Pkg() == nil {
		return false
	}
	obj = obj.Origin()
	return obj.Pkg().Path() == gormPath && obj.Name() == "G" && obj.Type().(*types.Signature).Recv() == nil
}

// IsGormGeneric reports whether t is one of the interfaces of GORM's
// generic API that gorm.G and its methods return.
func IsGormGeneric(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != gormPath {
		return false
	}
	switch n.Obj().Name() {
	case "Interface", "CreateInterface", "ChainInterface", "ExecInterface", "SetUpdateOnlyInterface", "SetCreateOrUpdateInterface":
		return true
	}
	return false
}

// GormMethod returns the name of the *gorm.DB method a call calls, or "".
func GormMethod(c *ssa.CallCommon) string { return gormMethod(c) }
