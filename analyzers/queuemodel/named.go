package queuemodel

import (
	"fmt"
	"path/filepath"
	"strings"
	"sync"

	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// namedStmt completes a call on a prepared statement that goyesql's
// ScanToStruct made from a named query (s.queries.NextJobs.Select(...)):
// its SQL is that query's, and it runs on the pool the statement was
// prepared on, or on the transaction tx.Stmtx bound it to.
func (b *builder) namedStmt(c *Call, site callSite) bool {
	instr := b.effects.Call(site.call)
	if instr == nil {
		return false
	}
	q, ok := b.effects.QueryName(stmtRecv(instr.Common()))
	if !ok {
		return false
	}
	c.Receiver = RecvPool
	if q.InTx {
		c.Receiver = RecvTx
	}
	b.namedSQL(c, q)
	if c.Known {
		bindStmtArgs(c, instr)
	}
	return true
}

// stmtRecv returns the prepared statement a method call runs: the value
// an interface method is called on, or a static method's receiver.
func stmtRecv(common *ssa.CallCommon) ssa.Value {
	switch {
	case common.IsInvoke():
		return common.Value
	case common.Signature().Recv() != nil && len(common.Args) > 0:
		return common.Args[0]
	}
	return nil
}

// bindStmtArgs gives a run of a prepared statement its bind arguments:
// those after the context and, for sqlx's Get and Select, the
// destination.
func bindStmtArgs(c *Call, instr ssa.CallInstruction) {
	if c.Expr.Ellipsis.IsValid() {
		return
	}
	first := 0
	if strings.HasSuffix(c.Method, "Context") {
		first++
	}
	if m := strings.TrimSuffix(c.Method, "Context"); m == "Get" || m == "Select" {
		first++
	}
	if first <= len(c.Expr.Args) {
		c.Args, c.instr, c.argBase = c.Expr.Args[first:], instr, first
	}
}

// namedArg completes a call whose SQL argument is a goyesql lookup,
// queries["claim-job"].Query.
func (b *builder) namedArg(c *Call, site callSite) bool {
	instr := b.effects.Call(site.argCall)
	if instr == nil {
		return false
	}
	q, ok := b.effects.QueryName(effects.Arg(instr, site.argIndex))
	if !ok {
		return false
	}
	b.namedSQL(c, q)
	return true
}

// namedSQL sets a call's SQL to the module's query of that name, read by
// goyesql's rules; a name no file or several files define stays unread.
func (b *builder) namedSQL(c *Call, q effects.NamedQuery) {
	c.SQL, c.Known, c.Unread = "", false, ""
	if q.Hole != "" {
		c.Unread = "a named query whose name is unknown: " + q.Hole
		return
	}
	name := q.Name
	if r, ok := rewrittenBy(b.model.schema.root, name); ok {
		c.Unread = fmt.Sprintf("the module's Go code edits the named query %q (or one it names at run time) before it is prepared, at %s:%d", name, b.relPath(r.File), r.Line)
		return
	}
	qs := namedQueries(b.model.schema.root)
	defs := qs[name]
	switch {
	case len(defs) == 0:
		c.Unread = fmt.Sprintf("the named query %q is in no named-query file of the module", name)
		return
	case len(defs) > 1:
		for _, d := range defs[1:] {
			if d.SQL != defs[0].SQL {
				c.Unread = fmt.Sprintf("the named query %q is defined differently in %s and %s", name, b.relPath(defs[0].File), b.relPath(d.File))
				return
			}
		}
	}
	c.SQL, c.Known = defs[0].SQL, true
}

var moduleNamed sync.Map // module root -> *namedOnce

type namedOnce struct {
	once    sync.Once
	queries map[string][]sqlcheck.NamedQuery
}

// namedQueries returns the module's named queries by goyesql's rules, read
// once per process and only by packages that run one. The files are the
// module's .sql files, which the module key covers.
func namedQueries(root string) map[string][]sqlcheck.NamedQuery {
	v, _ := moduleNamed.LoadOrStore(root, new(namedOnce))
	n := v.(*namedOnce)
	n.once.Do(func() {
		mf := readModule(root, nil)
		if mf.err != nil {
			return
		}
		files, err := mf.read()
		if err != nil {
			return
		}
		n.queries, _ = files.NamedQueries(sqlcheck.Goyesql)
	})
	return n.queries
}

// relPath returns a path relative to the module root, for messages.
func (b *builder) relPath(path string) string {
	if rel, err := filepath.Rel(b.model.schema.root, path); err == nil {
		return rel
	}
	return path
}
