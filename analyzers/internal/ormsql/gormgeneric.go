package ormsql

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
)

// GORM's generic API (gorm.io/gorm v1.30 and later): gorm.G[T](db, opts...)
// returns an interface whose methods build the chain (Where, Order,
// Limit...) and send it (First(ctx), Find(ctx), Update(ctx, col, v)...).
// GORM runs such a chain as a *gorm.DB chain: a new session on db, then
// Clauses(opts...), then each builder method of the same name, then the
// finisher on a zero value of T it makes itself (First(&r), Find(&[]T),
// Model(r).Update(col, v), Updates(t), Delete(new(T)), Create(r)). The
// reader rebuilds that chain and writes it as the *gorm.DB reader does;
// gorm_test checks each form against GORM's dry-run output.

// gormGenericFinishers maps each generic method that sends SQL to how its
// result comes back.
var gormGenericFinishers = map[string]string{
	"First": "QueryRow", "Take": "QueryRow", "Last": "QueryRow", "Find": "Query", "Scan": "Query",
	"Update": "Exec", "Updates": "Exec", "Delete": "Exec", "Create": "Exec", "Exec": "Exec",
	"Count": "QueryRow", "Row": "QueryRow", "Rows": "Query", "FindInBatches": "Query", "CreateInBatches": "Exec",
}

// gormGenericBuilders are the generic chain methods read, each as the
// *gorm.DB method of the same name; any other (Not, Or, Joins, Omit,
// Scopes, Set...) leaves the statement unread.
var gormGenericBuilders = map[string]bool{
	"Where": true, "Order": true, "Limit": true, "Offset": true, "Table": true, "Select": true, "Raw": true,
}

func readGormGeneric(r *Request) (Statement, bool) {
	name := r.Callee.Name()
	method, ok := gormGenericFinishers[name]
	if !ok {
		return Statement{}, false
	}
	st := Statement{Method: method, Handle: HandleUnknown, ResultChecked: gormGenericChecked(r, method)}
	call := r.Effects.Call(r.Call)
	if call == nil || !call.Common().IsInvoke() {
		st.Unread = "no SSA for the GORM call"
		return st, true
	}
	if r.Effects.TxOf(call) != nil {
		st.Handle = HandleTx
	}
	switch name {
	case "Count", "Row", "Rows", "FindInBatches", "CreateInBatches", "Scan":
		st.Unread = "GORM's generic " + name + " is not read"
		return st, true
	}
	g := newGormReader(r)
	g.gen, g.shift = true, 1
	steps, start, why := g.genericChain(call.Common().Value)
	if why != "" {
		st.Unread = why
		return st, true
	}
	out := g.buildGeneric(steps, start, name)
	if out.why != "" {
		st.Unread = out.why
		return st, true
	}
	st.SQL, st.Args, st.SQLExpr, st.Known = out.sql, out.args, out.sqlExpr, true
	if method != "Exec" {
		st.ScanArgs = gormGenericDest(r)
	}
	return st, true
}

// gormGenericDest is where the rows of a generic query go, as the address
// of the variable its first result is assigned to (row, err := ...First(ctx)
// scans into &row); nil when the result is not assigned to a variable.
func gormGenericDest(r *Request) []ast.Expr {
	var lhs ast.Expr
	switch p := r.Cursor.Parent().Node().(type) {
	case *ast.AssignStmt:
		if len(p.Rhs) == 1 && len(p.Lhs) == 2 {
			lhs = p.Lhs[0]
		}
	case *ast.ValueSpec:
		if len(p.Values) == 1 && len(p.Names) == 2 {
			lhs = p.Names[0]
		}
	}
	id, ok := lhs.(*ast.Ident)
	if !ok || id.Name == "_" {
		return nil
	}
	return []ast.Expr{&ast.UnaryExpr{OpPos: id.Pos(), Op: token.AND, X: id}}
}

// gormGenericChecked reports whether the code keeps what a generic
// finisher tells of the rows: the row count an update or delete returns
// first, or the error a one-row query returns when no row is found. A
// call whose results are returned to the caller is kept.
func gormGenericChecked(r *Request, method string) bool {
	if method == "Query" || r.Callee.Name() == "Create" {
		return false
	}
	i := 0 // the row count
	if method == "QueryRow" {
		i = 1 // the error
	}
	switch p := r.Cursor.Parent().Node().(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.AssignStmt:
		if len(p.Rhs) != 1 || len(p.Lhs) <= i {
			return false
		}
		id, ok := p.Lhs[i].(*ast.Ident)
		return !ok || id.Name != "_"
	case *ast.ValueSpec:
		return len(p.Names) > i && p.Names[i].Name != "_"
	}
	return false
}

// genericChain returns the builder calls of a generic chain that leads to
// v, in the order the code makes them, and the gorm.G call it starts at.
func (g *gormReader) genericChain(v ssa.Value) ([]gormStep, *ssa.Call, string) {
	var steps []gormStep
	for range 64 {
		switch x := v.(type) {
		case *ssa.ChangeInterface:
			v = x.X
			continue
		case *ssa.Call:
			c := x.Common()
			if effects.IsGormG(c) {
				return steps, x, ""
			}
			if !c.IsInvoke() || !effects.IsGormGeneric(c.Value.Type()) {
				return nil, nil, "the GORM chain starts in a call the tool does not follow"
			}
			name := c.Method.Name()
			if !gormGenericBuilders[name] {
				return nil, nil, "GORM's generic " + name + " is not read"
			}
			ce := g.calls[x.Pos()]
			if ce == nil {
				return nil, nil, "the GORM chain is built out of sight"
			}
			steps = append([]gormStep{{name: name, call: ce}}, steps...)
			v = c.Value
			continue
		case *ssa.Phi:
			return nil, nil, "the GORM chain is built differently on different paths"
		}
		return nil, nil, "the GORM chain is built out of sight"
	}
	return nil, nil, "the GORM chain is too long"
}

// buildGeneric writes the statement of a generic chain sent by the
// request's finisher.
func (g *gormReader) buildGeneric(steps []gormStep, start *ssa.Call, name string) gormSQL {
	gcall := g.calls[start.Pos()]
	if gcall == nil {
		return gormSQL{why: "the GORM chain is built out of sight"}
	}
	if gcall.Ellipsis.IsValid() {
		return gormSQL{why: "the clauses of gorm.G are passed as a slice"}
	}
	if why := g.genericHandle(start.Common().Args[0]); why != "" {
		return gormSQL{why: why}
	}
	named, ok := types.Unalias(start.Type()).(*types.Named)
	if !ok || named.TypeArgs().Len() != 1 {
		return gormSQL{why: "the type of gorm.G is not known"}
	}
	m, why := gormModelOf(g.r, named.TypeArgs().At(0))
	if why != "" {
		return gormSQL{why: why}
	}
	q := &gormQuery{model: m, table: quoteIdent(m.table), qualifier: quoteIdent(m.table)}
	// G's options are a Clauses call, the first of the chain.
	if len(gcall.Args) > 1 {
		opts := &ast.CallExpr{Fun: gcall.Fun, Lparen: token.NoPos, Args: gcall.Args[1:], Rparen: gcall.Rparen}
		steps = append([]gormStep{{name: "Clauses", call: opts}}, steps...)
	}
	call := g.r.Call
	if call.Ellipsis.IsValid() {
		return gormSQL{why: "arguments passed as a slice"}
	}
	// The finisher's arguments past its context, as the *gorm.DB
	// finisher's: Update(ctx, col, v) is Update(col, v).
	fin := &ast.CallExpr{Fun: call.Fun, Lparen: call.Lparen, Args: call.Args[1:], Rparen: call.Rparen}
	if name == "Exec" {
		if len(steps) > 0 {
			return gormSQL{why: "GORM's generic Exec after clauses is not read"}
		}
		text, ok := g.strOf(fin, 0)
		if !ok {
			return gormSQL{why: "the SQL text of Exec is not known"}
		}
		sql, args, why := placeholders(text, fin.Args[1:], g.r.Info, 1)
		if why != "" {
			return gormSQL{why: why}
		}
		return gormSQL{sql: sql, args: args, sqlExpr: fin.Args[0]}
	}
	for _, s := range steps {
		if why := g.step(q, s); why != "" {
			return gormSQL{why: why}
		}
	}
	if q.raw != nil {
		if name != "Find" {
			return gormSQL{why: "GORM's generic " + name + " after Raw is not read"}
		}
		sql, args, why := placeholders(q.raw.sql, q.raw.args, g.r.Info, 1)
		if why != "" {
			return gormSQL{why: why}
		}
		return gormSQL{sql: sql, args: args, sqlExpr: q.rawExpr}
	}
	if q.conflict != "" && name != "Create" {
		return gormSQL{why: "a clause.OnConflict on a statement that inserts nothing"}
	}
	switch name {
	case "First", "Take", "Last", "Find":
		return g.selectSQL(q, name, fin)
	case "Update":
		return g.updateSQL(q, name, fin)
	case "Updates":
		q.modelArg = fin.Args[0] // GORM's Updates(t): t is the model, its key a condition
		return g.updateSQL(q, name, fin)
	case "Delete":
		return g.deleteSQL(q, fin)
	case "Create":
		return withConflict(g.createSQL(q, fin), q.conflict)
	}
	return gormSQL{why: "GORM's generic " + name + " is not read"}
}

// genericHandle checks the database gorm.G is given: GORM runs the chain
// in a new session on it (its connection or transaction, none of its
// clauses), so a handle built with clauses of its own is not read.
func (g *gormReader) genericHandle(db ssa.Value) string {
	chains, why := g.chains(db, 0)
	if why != "" {
		return why
	}
	for _, ch := range chains {
		for _, s := range ch {
			switch s.name {
			case "WithContext", "Debug":
			default:
				return "gorm.G is given a handle with GORM's " + s.name
			}
		}
	}
	return ""
}
