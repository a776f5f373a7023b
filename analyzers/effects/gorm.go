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
