package queuemodel

import (
	"strings"

	"golang.org/x/tools/go/ssa"
)

// unseenPrepare is why a run of a prepared statement is unread when the
// Prepare that made it is not found.
const unseenPrepare = "a prepared statement whose Prepare is out of sight"

// preparedFields completes the runs of prepared statements held in a
// struct field (s.claim.QueryContext(ctx), tx.Stmt(s.claim).QueryContext(ctx))
// with the SQL of the one Prepare of the package stored into that field:
// the statement runs, and is judged, where it runs, on the transaction
// tx.Stmt binds it to or else on the handle it was prepared on. The
// Prepare itself is then dropped as a twin (see dropPreparedTwins).
func (b *builder) preparedFields() {
	prepares := map[*ssa.Call]*Call{}
	for _, c := range b.model.Calls {
		if c.Known && strings.HasPrefix(c.Method, "Prepare") && len(c.variants) == 0 {
			if instr, ok := b.effects.Call(c.Expr).(*ssa.Call); ok {
				prepares[instr] = c
			}
		}
	}
	if len(prepares) == 0 {
		return
	}
	for _, c := range b.model.Calls {
		if c.Receiver != RecvStmt || c.Unread != unseenPrepare {
			continue
		}
		instr := b.effects.Call(c.Expr)
		if instr == nil {
			continue
		}
		pf, ok := b.effects.PreparedFieldOf(stmtRecv(instr.Common()))
		if !ok {
			continue
		}
		p := prepares[pf.Prepare]
		if p == nil {
			continue
		}
		c.SQLExpr, c.SQL, c.Known, c.Unread, c.Spliced = p.SQLExpr, p.SQL, true, "", p.Spliced
		c.Receiver, c.API = p.Receiver, p.API
		if pf.InTx {
			c.Receiver = RecvTx
		}
		bindStmtArgs(c, instr)
		b.read(c)
	}
}
