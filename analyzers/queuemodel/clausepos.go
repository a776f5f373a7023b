package queuemodel

import (
	"go/ast"
	"go/constant"
	"go/token"
	"strings"

	"github.com/jobqlint/jobqlint/sqlcheck"
)

// ClausePos returns where a clause of the statement is written in Go, and
// the end of the SQL argument, so that a finding about that clause can sit
// on its line and still cover the statement. ok is false, and the finding
// stays at the call, unless the SQL is the call's own string literal, or a
// concatenation of literals, whose bytes are the text that was parsed (no
// escapes, no carriage returns in raw strings, no placeholders or named
// parameters rewritten, one text only), and the clause is on another line
// than the call: on the call's line the call's position says as much.
func (st *Statement) ClausePos(fset *token.FileSet, cl sqlcheck.Clause) (pos, end token.Pos, ok bool) {
	c := st.Call
	if st.Body != nil || c == nil || c.SQLExpr == nil || !c.Known || c.ParseErr != nil || len(c.variants) > 0 ||
		strings.HasPrefix(c.Method, "Named") {
		return token.NoPos, token.NoPos, false
	}
	off, found := st.At(cl)
	if !found {
		return token.NoPos, token.NoPos, false
	}
	lits, ok := literalPieces(c.SQLExpr)
	if !ok {
		return token.NoPos, token.NoPos, false
	}
	text := ""
	for _, l := range lits {
		text += l.value
	}
	if text != c.SQL {
		return token.NoPos, token.NoPos, false
	}
	start := 0
	for _, l := range lits {
		if off < start+len(l.value) {
			pos = l.lit.Pos() + 1 + token.Pos(off-start)
			break
		}
		start += len(l.value)
	}
	if !pos.IsValid() || fset.Position(pos).Line == fset.Position(c.Pos()).Line {
		return token.NoPos, token.NoPos, false
	}
	return pos, c.SQLExpr.End(), true
}

// PosAt is where a finding about a clause of the statement goes: the
// clause's position and the end of the SQL argument when ClausePos knows
// them, else the statement's position and no end.
func (st *Statement) PosAt(fset *token.FileSet, cl sqlcheck.Clause) (pos, end token.Pos) {
	if pos, end, ok := st.ClausePos(fset, cl); ok {
		return pos, end
	}
	return st.Pos(), token.NoPos
}

type literalPiece struct {
	lit   *ast.BasicLit
	value string
}

// literalPieces returns the string literals an expression concatenates,
// when each one's value is its source text between the quotes.
func literalPieces(e ast.Expr) ([]literalPiece, bool) {
	switch e := ast.Unparen(e).(type) {
	case *ast.BasicLit:
		if e.Kind != token.STRING || len(e.Value) < 2 {
			return nil, false
		}
		inner := e.Value[1 : len(e.Value)-1]
		if e.Value[0] == '`' && strings.Contains(inner, "\r") || e.Value[0] == '"' && strings.Contains(inner, `\`) {
			return nil, false
		}
		if v := constant.MakeFromLiteral(e.Value, e.Kind, 0); v.Kind() != constant.String || constant.StringVal(v) != inner {
			return nil, false
		}
		return []literalPiece{{e, inner}}, true
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return nil, false
		}
		x, ok := literalPieces(e.X)
		if !ok {
			return nil, false
		}
		y, ok := literalPieces(e.Y)
		if !ok {
			return nil, false
		}
		return append(x, y...), true
	}
	return nil, false
}
