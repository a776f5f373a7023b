package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"
)

func TestSQLSpanEnd(t *testing.T) {
	const src = `package p

const q = "SELECT 1"

func f() {
	err := db.QueryRow(ctx, ` + "`" + `
		SELECT id FROM jobs
		LIMIT 1` + "`" + `).Scan(&id)
	db.Exec(ctx, "UPDATE jobs " +
		"SET a = 1", id)
	db.Exec(ctx, q)
	tx.BeginFunc(ctx, func() error {
		return nil
	})
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	require.NoError(t, err)
	file := fset.File(f.Pos())
	at := func(s string) token.Pos {
		i := strings.Index(src, s)
		require.GreaterOrEqual(t, i, 0, s)
		return file.Pos(i)
	}
	end := func(d analysis.Diagnostic) string {
		p := sqlSpanEnd([]*ast.File{f}, d)
		if !p.IsValid() {
			return "none"
		}
		pos := fset.Position(p)
		return strings.TrimPrefix(pos.String(), "p.go:")
	}
	// At the call, at its method name: the end of the raw string, the
	// innermost call (QueryRow, not Scan).
	require.Equal(t, "8:11", end(analysis.Diagnostic{Pos: at("db.QueryRow")}))
	require.Equal(t, "8:11", end(analysis.Diagnostic{Pos: at("QueryRow")}))
	// A concatenation of literals.
	require.Equal(t, "10:14", end(analysis.Diagnostic{Pos: at("db.Exec(ctx, \"UPDATE")}))
	// An end given by the rule is kept; SQL in a constant, a call with no
	// string, a position in the arguments: no end.
	require.Equal(t, "none", end(analysis.Diagnostic{Pos: at("db.QueryRow"), End: at("db.QueryRow") + 2}))
	require.Equal(t, "none", end(analysis.Diagnostic{Pos: at("db.Exec(ctx, q)")}))
	require.Equal(t, "none", end(analysis.Diagnostic{Pos: at("tx.BeginFunc")}))
	require.Equal(t, "none", end(analysis.Diagnostic{Pos: at("SELECT id")}))
	require.Equal(t, "none", end(analysis.Diagnostic{Pos: at("err :=")}))
}
