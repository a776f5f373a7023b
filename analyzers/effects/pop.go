package effects

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// pop (github.com/gobuffalo/pop/v6, and ory's fork github.com/ory/pop/v6,
// whose API is the same): a *pop.Connection runs SQL and may
// hold a transaction (its TX field) or not; a *pop.Query is made from the
// Connection it was built on, so a chain's handle is that Connection.
// (*Connection).Transaction runs its function argument in a transaction it
// begins and ends, as pgx.BeginFunc does.

// IsPopPath reports whether an import path is pop's or its fork's.
func IsPopPath(path string) bool {
	return path == "github.com/gobuffalo/pop/v6" || path == "github.com/ory/pop/v6"
}

// isPop reports whether t is (a pointer to) pop's type of that name.
func isPop(t types.Type, name string) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := t.(*types.Named)
	return ok && named.Obj().Pkg() != nil && IsPopPath(named.Obj().Pkg().Path()) && named.Obj().Name() == name
}

// popDB reports whether t is one of pop's values that run SQL.
func popDB(t types.Type) bool { return isPop(t, "Connection") || isPop(t, "Query") }

// isPopTransaction reports whether a call is pop's
// (*Connection).Transaction(func(tx *Connection) error).
func isPopTransaction(c *ssa.CallCommon) bool {
	fn := c.StaticCallee()
	if fn == nil || fn.Name() != "Transaction" || fn.Signature.Recv() == nil || len(c.Args) != 2 {
		return false
	}
	return isPop(fn.Signature.Recv().Type(), "Connection")
}
