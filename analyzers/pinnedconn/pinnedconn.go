package pinnedconn

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers/internal/sqltext"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/analyzers/rule"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

//go:embed rule.txtar
var record []byte

// Rule is the pinnedconn rule: its documentation record and its analyzer.
var Rule = rule.New(record, &analysis.Analyzer{
	Requires: []*analysis.Analyzer{queuemodel.Analyzer},
	Run:      run,
})

// Analyzer reports the pinnedconn rule's findings.
var Analyzer = Rule.Analyzer

func run(pass *analysis.Pass) (any, error) {
	m := pass.ResultOf[queuemodel.Analyzer].(*queuemodel.Model)
	for _, c := range m.Calls {
		// Only a pool is known to hand the next statement another
		// connection: a connection, a transaction, a batch (sent on one
		// connection) and an interface the tool cannot resolve are not.
		if c.Receiver != queuemodel.RecvPool || !c.Known {
			continue
		}
		if what := sessionLevel(c); what != "" {
			report(pass, c, what)
		}
	}
	return nil, nil
}

// sessionLevel returns the first thing the call's SQL leaves on its
// connection (see sqlcheck.SessionLevel), or "". SQL written with ? or
// :name parameters (sqlx) is read as the model reads it.
func sessionLevel(c *queuemodel.Call) string {
	sql := c.SQL
	if strings.HasPrefix(c.Method, "Named") {
		sql, _ = sqltext.Named(sql)
	}
	raws, errs := sqlcheck.Parse(sql)
	if len(errs) > 0 {
		if q, ok := sqltext.Positional(sql); ok {
			raws, _ = sqlcheck.Parse(q)
		}
	}
	for _, raw := range raws {
		if uses := sqlcheck.SessionLevel(raw); len(uses) > 0 {
			return uses[0]
		}
	}
	return ""
}

func report(pass *analysis.Pass, c *queuemodel.Call, what string) {
	pool, pgx := poolName(pass, c)
	var msg string
	if what == "LISTEN" {
		own := "db.Conn, held for the listener's life"
		if pgx {
			own = "pgx.Connect, or pool.Acquire held for the listener's life"
		}
		msg = fmt.Sprintf("LISTEN runs on %s: the pooled connection it subscribes is one nobody reads\n"+
			"it subscribes whichever connection runs it, which goes back to the pool where "+
			"nobody waits for its notifications, and the next statement runs on another connection; LISTEN on a connection "+
			"of its own (%s) and wait for notifications on it", pool, own)
	} else {
		one := "db.Conn"
		if pgx {
			one = "pool.Acquire"
		}
		msg = fmt.Sprintf("%s runs on %s: the unlock may run on another connection and leave the lock held\n"+
			"a session-level advisory lock belongs to whichever connection runs it, which goes "+
			"back to the pool; the unlock runs on whatever connection is free then, where it returns false with a WARNING and "+
			"the lock stays held until the first connection closes; run the lock, the work and the unlock on one connection "+
			"(%s, held until the unlock), or use pg_advisory_xact_lock in a transaction", what, pool, one)
	}
	pass.Report(analysis.Diagnostic{Pos: c.Pos(), Message: msg})
}

// poolName names the pool the call runs on, and whether it is pgx's.
func poolName(pass *analysis.Pass, c *queuemodel.Call) (pool string, pgx bool) {
	pgx = c.API == queuemodel.APIPgx
	if sel, ok := c.Expr.Fun.(*ast.SelectorExpr); ok && c.Via == nil {
		t := pass.TypesInfo.TypeOf(sel.X)
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := t.(*types.Named); ok && n.Obj().Pkg() != nil {
			switch name := "*" + n.Obj().Pkg().Name() + "." + n.Obj().Name(); name {
			case "*pgxpool.Pool", "*sql.DB", "*sqlx.DB":
				return "a pool (" + name + ")", name == "*pgxpool.Pool"
			}
		}
	}
	return "a pool", pgx
}
