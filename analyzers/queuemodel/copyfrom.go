package queuemodel

import (
	"go/ast"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/internal/sqltext"
)

// A bulk insert through pgx's copy protocol (CopyFrom(ctx, pgx.Identifier{
// "jobs"}, []string{"kind", "state"}, rows)) is read as the INSERT it
// amounts to, INSERT INTO jobs (kind, state) VALUES ($1, $2), with the
// values of its one row literal bound when the rows are written out: a
// queue whose enqueue is a copy then has a known created state.

// isCopyFrom reports whether a call is a CopyFrom of pgx's shape, on pgx
// itself or on any type or interface with that method (a wrapper, a
// module's interface of pgx's methods).
func isCopyFrom(info *types.Info, call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn.Name() != "CopyFrom" {
		return false
	}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil || sig.Params().Len() != 4 {
		return false
	}
	return isPgxNamed(sig.Params().At(1).Type(), "Identifier") && isPgxNamed(sig.Params().At(3).Type(), "CopyFromSource")
}

func isPgxNamed(t types.Type, name string) bool {
	named, ok := t.(*types.Named)
	return ok && named.Obj().Name() == name && pkgPath(named.Obj()) == pgxPath
}

// copyPassedThrough reports whether a CopyFrom's table is a parameter of
// the function it is in: a wrapper, whose callers' copies are the ones to
// read.
func (b *builder) copyPassedThrough(site callSite) bool {
	id, ok := ast.Unparen(site.call.Args[1]).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := b.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return false
	}
	for cur := range site.cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		var ft *ast.FuncType
		switch f := cur.Node().(type) {
		case *ast.FuncDecl:
			ft = f.Type
		case *ast.FuncLit:
			ft = f.Type
		}
		for _, field := range ft.Params.List {
			for _, name := range field.Names {
				if b.pass.TypesInfo.Defs[name] == v {
					return true
				}
			}
		}
		return false
	}
	return false
}

// copyCall completes a CopyFrom call with the INSERT it amounts to.
func (b *builder) copyCall(c *Call, site callSite) {
	instr := b.effects.Call(site.call)
	if instr == nil {
		c.Unread = "a copy whose table is not known"
		return
	}
	table := b.effects.Identifier(effects.Arg(instr, 1))
	if !table.Known() || len(table.Set) != 1 {
		c.Unread = "a copy into a table that is not known"
		return
	}
	cols, why := b.effects.StringList(effects.Arg(instr, 2))
	if why != "" || len(cols) == 0 {
		c.Unread = "a copy whose columns are not known"
		return
	}
	var names []string
	for _, col := range cols {
		s, ok := singleText(col)
		if !ok {
			c.Unread = "a copy whose columns are not known"
			return
		}
		names = append(names, sqltext.QuoteIdent(s))
	}
	params := make([]string, len(names))
	for i := range params {
		params[i] = "$" + strconv.Itoa(i+1)
	}
	ps := append([]sqltext.Part{{Text: "INSERT INTO "}}, parts(table.Set[0])...)
	ps = append(ps, sqltext.Part{Text: " (" + strings.Join(names, ", ") + ") VALUES (" + strings.Join(params, ", ") + ")"})
	t := sqltext.Assemble(ps)
	c.SQL, c.Known, c.Unread = t.SQL, t.Known, t.Unread
	if t.Placeholders {
		c.ddl = t.Pos
	}
	if row := copiedRow(b.pass.TypesInfo, site.call.Args[3]); len(row) == len(names) {
		c.Args = row
	}
	if c.Known {
		b.read(c)
	}
}

func singleText(vs effects.Values) (string, bool) {
	if !vs.Known() || len(vs.Set) != 1 {
		return "", false
	}
	return vs.Set[0].Text()
}

// copiedRow returns the Go expressions of the one row a copy's source
// writes out, when the source says: pgx.CopyFromRows over a literal of one
// row, or pgx.CopyFromSlice whose function returns one row literal.
func copiedRow(info *types.Info, src ast.Expr) []ast.Expr {
	call, ok := ast.Unparen(src).(*ast.CallExpr)
	if !ok {
		return nil
	}
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || pkgPath(fn) != pgxPath {
		return nil
	}
	switch {
	case fn.Name() == "CopyFromRows" && len(call.Args) == 1:
		rows, ok := ast.Unparen(call.Args[0]).(*ast.CompositeLit)
		if !ok || len(rows.Elts) != 1 {
			return nil
		}
		if row, ok := rows.Elts[0].(*ast.CompositeLit); ok {
			return row.Elts
		}
	case fn.Name() == "CopyFromSlice" && len(call.Args) == 2:
		lit, ok := ast.Unparen(call.Args[1]).(*ast.FuncLit)
		if !ok {
			return nil
		}
		var row []ast.Expr
		returns := 0
		ast.Inspect(lit.Body, func(n ast.Node) bool {
			if _, ok := n.(*ast.FuncLit); ok {
				return false
			}
			if ret, ok := n.(*ast.ReturnStmt); ok {
				returns++
				if len(ret.Results) > 0 {
					if cl, ok := ast.Unparen(ret.Results[0]).(*ast.CompositeLit); ok {
						row = cl.Elts
					}
				}
			}
			return true
		})
		if returns == 1 {
			return row
		}
	}
	return nil
}
