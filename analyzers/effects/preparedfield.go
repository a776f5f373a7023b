package effects

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// A PreparedField is a prepared statement a run reads from a struct
// field: the call that prepared it (a Prepare, or a function of the
// module that returns one), stored once into the field, and whether the
// run binds it to a transaction first (tx.Stmt(s.claim).QueryContext(ctx)).
type PreparedField struct {
	Prepare *ssa.Call
	InTx    bool
}

// PreparedFieldOf follows the value a prepared statement's method is
// called on back to the one call stored into the unexported struct field
// it is read from, through tx.Stmt, tx.StmtContext and sqlx's tx.Stmtx. False for a field
// written more than once or through its address, an exported field (set
// out of sight), or a field of another package.
func (e *Effects) PreparedFieldOf(v ssa.Value) (PreparedField, bool) {
	if e == nil || e.Pkg() == nil {
		return PreparedField{}, false
	}
	var out PreparedField
	for range maxSteps {
		if prev, bound, ok := stmtStep(v); ok {
			if bound && out.InTx {
				return PreparedField{}, false
			}
			out.InTx, v = out.InTx || bound, prev
			continue
		}
		switch x := v.(type) {
		case *ssa.UnOp:
			fa, ok := x.X.(*ssa.FieldAddr)
			if x.Op != token.MUL || !ok {
				return PreparedField{}, false
			}
			prep := e.storedCall(fieldOf(fa.X.Type(), fa.Field))
			if prep == nil {
				return PreparedField{}, false
			}
			out.Prepare = prep
			return out, true
		}
		return PreparedField{}, false
	}
	return PreparedField{}, false
}

// storedCall returns the call whose result (or first result) is the only value the package
// stores into an unexported field of its own, nil when there is not
// exactly one such store or the field's address escapes.
func (e *Effects) storedCall(f *types.Var) *ssa.Call {
	if f == nil || f.Exported() || f.Pkg() != e.Pkg().Pkg {
		return nil
	}
	for _, fa := range e.fieldAddrs(f) {
		if addressEscapes(fa, *fa.Referrers()) {
			return nil
		}
	}
	stores := e.storesToField(f)
	if len(stores) != 1 {
		return nil
	}
	v := stores[0].Val
	if x, ok := v.(*ssa.Extract); ok && x.Index == 0 {
		v = x.Tuple // stmt, err := db.PrepareContext(ctx, q)
	}
	call, _ := v.(*ssa.Call)
	return call
}

// stmtStep takes one step back along a prepared statement's value that
// keeps it the same statement: out of an interface, or out of its binding
// to a transaction (tx.Stmt(stmt), tx.StmtContext(ctx, stmt), sqlx's
// tx.Stmtx(stmt)), which bound reports.
func stmtStep(v ssa.Value) (prev ssa.Value, bound, ok bool) {
	switch x := v.(type) {
	case *ssa.MakeInterface:
		return x.X, false, true
	case *ssa.Call:
		if _, stmt, ok := boundToTx(x); ok {
			return stmt, true, true
		}
	}
	return nil, false, false
}

// StoredCall returns the call whose result is the only value the package
// stores into the unexported field of its own that fa addresses (a GORM
// chain a constructor prepares: &Repo{jobs: db.Model(&Job{})}), nil when
// there is not exactly one such store or the field's address escapes.
func (e *Effects) StoredCall(fa *ssa.FieldAddr) *ssa.Call {
	if e == nil || e.Pkg() == nil {
		return nil
	}
	return e.storedCall(fieldOf(fa.X.Type(), fa.Field))
}
