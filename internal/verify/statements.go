package verify

import (
	"context"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// statementAt returns the statement of the model written at pos, preferring
// one with a queue role (a call holding several statements has them all at
// its position).
func (f Finding) statementAt(pos token.Position) *queuemodel.Statement {
	var found *queuemodel.Statement
	for _, c := range f.Model.Calls {
		for _, st := range c.Stmts {
			if !samePos(f.Fset.Position(st.Pos()), pos) && !f.within(c, pos) {
				continue
			}
			if found == nil || (found.Role == queuemodel.RoleNone && st.Role != queuemodel.RoleNone) {
				found = st
			}
		}
	}
	return found
}

// within reports whether pos falls inside a Go call's text: a finding
// placed at the clause of its SQL that carries the defect (the WHERE, the
// SET, the ORDER BY of a multi-line literal) is about that call's statement.
func (f Finding) within(c *queuemodel.Call, pos token.Position) bool {
	if c.Expr == nil {
		return false
	}
	from, to := f.Fset.Position(c.Expr.Pos()), f.Fset.Position(c.Expr.End())
	if !sameFile(from.Filename, pos.Filename) {
		return false
	}
	after := pos.Line > from.Line || pos.Line == from.Line && pos.Column >= from.Column
	before := pos.Line < to.Line || pos.Line == to.Line && pos.Column < to.Column
	return after && before
}

func samePos(a, b token.Position) bool {
	return a.Line == b.Line && a.Column == b.Column && sameFile(a.Filename, b.Filename)
}

func sameFile(a, b string) bool {
	if a == b {
		return true
	}
	aa, err1 := filepath.Abs(a)
	bb, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && aa == bb
}

// where names a statement for a summary: file:line and its role.
func (f Finding) where(st *queuemodel.Statement) string {
	p := f.Fset.Position(st.Pos())
	return fmt.Sprintf("%s:%d (%s)", relPath(p.Filename), p.Line, st.Role)
}

// sqlOf returns the SQL text to run for a statement: the statement itself,
// or, for a statement of a function body, the Go call's SQL that runs the
// function.
func sqlOf(st *queuemodel.Statement) (string, error) {
	c := st.Call
	if !c.Known {
		return "", fmt.Errorf("its SQL was not read")
	}
	raws, errs := sqlcheck.Parse(c.ParsedSQL())
	if len(errs) > 0 {
		return "", fmt.Errorf("its SQL does not parse")
	}
	if st.Body != nil || len(raws) == 1 {
		if len(raws) != 1 {
			return "", fmt.Errorf("the call runs several statements")
		}
		return raws[0].Text, nil
	}
	var dml []sqlcheck.RawStmt
	for _, r := range raws {
		if sqlcheck.Facts(r) != nil {
			dml = append(dml, r)
		}
	}
	for i, s := range c.Stmts {
		if s == st && len(dml) == len(c.Stmts) {
			return dml[i].Text, nil
		}
	}
	return "", fmt.Errorf("the call runs several statements")
}

// A prepared statement is a module statement ready to run: its SQL and the
// values of its parameters, with how each was chosen.
type prepared struct {
	st     *queuemodel.Statement
	sql    string
	args   []any
	filled []string // "$2 (batch) = 1 from its type"
	where  string   // the statement's place and role, for summaries
}

// prepare fills the parameters of st: from given (values a previous
// statement returned), from Go constants, else from the parameter's type.
//
// A take by key (typeFill false) fills no parameter of its WHERE from
// types: its key must be the job the poll found, not a value made up.
func (c *checker) prepare(ctx context.Context, conn *pgx.Conn, st *queuemodel.Statement, given map[int]any, typeFill bool) (*prepared, error) {
	sql, err := sqlOf(st)
	if err != nil {
		return nil, err
	}
	desc, err := conn.Prepare(ctx, "", sql)
	if err != nil {
		return nil, fmt.Errorf("PostgreSQL rejects it: %v", err)
	}
	p := &prepared{st: st, sql: sql, where: c.f.where(st)}
	keys := whereParams(st.Where)
	for i, oid := range desc.ParamOIDs {
		n := i + 1
		if v, ok := given[n]; ok {
			p.args = append(p.args, v)
			continue
		}
		if v, ok := c.constant(st, n); ok {
			p.args = append(p.args, v)
			continue
		}
		v, text, ok := c.valueOfType(oid)
		if !typeFill && keys[n] {
			return nil, fmt.Errorf("$%d (%s) selects the job, and is not a value the poll returned", n, c.exprOf(st, n))
		}
		if !ok {
			return nil, fmt.Errorf("$%d (%s) needs a value of a type verify cannot make up", n, c.exprOf(st, n))
		}
		p.args = append(p.args, v)
		p.filled = append(p.filled, fmt.Sprintf("$%d (%s) = %s from its type", n, c.exprOf(st, n), text))
	}
	return p, nil
}

// constant returns the Go constant bound to parameter n, if it is one.
func (c *checker) constant(st *queuemodel.Statement, n int) (any, bool) {
	e := st.Arg(n)
	if e == nil {
		e = st.Call.Spliced[n]
	}
	if e == nil || c.f.Info == nil {
		return nil, false
	}
	tv, ok := c.f.Info.Types[e]
	if !ok || tv.Value == nil {
		return nil, false
	}
	switch tv.Value.Kind() {
	case constant.String:
		return constant.StringVal(tv.Value), true
	case constant.Int:
		if v, ok := constant.Int64Val(tv.Value); ok {
			return v, true
		}
	case constant.Float:
		v, _ := constant.Float64Val(tv.Value)
		return v, true
	case constant.Bool:
		return constant.BoolVal(tv.Value), true
	}
	return nil, false
}

func (c *checker) exprOf(st *queuemodel.Statement, n int) string {
	if e := st.Arg(n); e != nil {
		return types.ExprString(e)
	}
	if e := st.Call.Spliced[n]; e != nil {
		return types.ExprString(e)
	}
	return "no Go value"
}

// valueOfType returns a value of a parameter type, and how it reads: the
// same values the seeded rows hold, so that an equality on a filled
// parameter matches them.
func (c *checker) valueOfType(oid uint32) (any, string, bool) {
	switch oid {
	case pgtypeText, pgtypeVarchar, pgtypeBpchar, pgtypeName:
		return fillText, "'" + fillText + "'", true
	case pgtypeInt2, pgtypeInt4, pgtypeInt8, pgtypeNumeric:
		return int64(1), "1", true
	case pgtypeFloat4, pgtypeFloat8:
		return 1.0, "1", true
	case pgtypeBool:
		return false, "false", true
	case pgtypeTimestamptz, pgtypeTimestamp:
		now := c.clock()
		switch {
		case c.now.IsZero():
			return now, "the time of the check", true
		case c.nowText != "":
			return now, c.nowText, true
		}
		return now, "the check's clock, " + now.UTC().Format("2006-01-02 15:04:05Z07:00"), true
	case pgtypeInterval:
		return "1 minute", "'1 minute'", true
	case pgtypeJSON, pgtypeJSONB:
		return "{}", "'{}'", true
	}
	return nil, "", false
}

// fillText is the value of text columns and parameters.
const fillText = "jobqlint"

// The type OIDs of PostgreSQL 15 (pg_type.dat) that valueOfType fills.
const (
	pgtypeBool        = 16
	pgtypeName        = 19
	pgtypeInt8        = 20
	pgtypeInt2        = 21
	pgtypeInt4        = 23
	pgtypeText        = 25
	pgtypeJSON        = 114
	pgtypeFloat4      = 700
	pgtypeFloat8      = 701
	pgtypeBpchar      = 1042
	pgtypeVarchar     = 1043
	pgtypeTimestamp   = 1114
	pgtypeTimestamptz = 1184
	pgtypeInterval    = 1186
	pgtypeNumeric     = 1700
	pgtypeJSONB       = 3802
)

// run executes a prepared statement and returns the rows it gave back and
// the rows it affected.
func run(ctx context.Context, q interface {
	Query(context.Context, string, ...any) (pgx.Rows, error)
}, p *prepared) ([][]any, []string, int64, error) {
	rows, err := q.Query(ctx, p.sql, p.args...)
	if err != nil {
		return nil, nil, 0, err
	}
	defer rows.Close()
	var out [][]any
	for rows.Next() {
		vals, err := rows.Values()
		if err != nil {
			return nil, nil, 0, err
		}
		out = append(out, vals)
	}
	var names []string
	for _, fd := range rows.FieldDescriptions() {
		names = append(names, fd.Name)
	}
	if err := rows.Err(); err != nil {
		return nil, nil, 0, err
	}
	return out, names, rows.CommandTag().RowsAffected(), nil
}

// whereParams returns the parameters a statement's WHERE compares with.
func whereParams(ps []sqlcheck.Pred) map[int]bool {
	out := map[int]bool{}
	var walk func(ps []sqlcheck.Pred)
	walk = func(ps []sqlcheck.Pred) {
		for _, p := range ps {
			for _, v := range p.Values {
				if v.Kind == sqlcheck.ValueParam {
					out[v.Param] = true
				}
			}
			for _, b := range p.Branches {
				walk(b)
			}
		}
	}
	walk(ps)
	return out
}

// fromScan maps the parameters of step's WHERE that the Go code binds to
// what it scanned from poll's row (job.ID after Scan(&job.ID, ...)) to the
// values of that row. Other parameters are left: the code may have set
// the fields they read since (job.RanAt = ranAt).
//
// A struct scanned whole (sqlx's Get, pgx.RowToStructByName) gives its
// fields the columns of their db tags, or of their names in any case.
func fromScan(info *types.Info, poll, step *queuemodel.Statement, names []string, row []any) map[int]any {
	given := map[int]any{}
	for n := range whereParams(step.Where) {
		e := step.Arg(n)
		if e == nil {
			continue
		}
		for k, s := range scanTargets(poll.Call) {
			if k < len(row) && sameExpr(s, e) {
				given[n] = row[k]
			}
			if col := fieldColumn(info, s, e); col != "" {
				for i, name := range names {
					if strings.EqualFold(name, col) && i < len(row) {
						given[n] = row[i]
					}
				}
			}
		}
	}
	return given
}

// fieldColumn returns, when e is a field of a struct of the type that scan
// target s fills (job.ID after Get(&job) or Get(job)), the column it is
// read from. The model links the poll and its take; the struct's type, not
// its variable's name, says the field holds the polled row.
func fieldColumn(info *types.Info, s, e ast.Expr) string {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || info == nil {
		return ""
	}
	if u, ok := ast.Unparen(s).(*ast.UnaryExpr); ok && u.Op == token.AND {
		s = u.X
	}
	ts, tx := info.TypeOf(s), info.TypeOf(sel.X)
	if ts == nil || tx == nil || !types.Identical(deref(ts), deref(tx)) {
		return ""
	}
	selection := info.Selections[sel]
	if selection == nil || selection.Kind() != types.FieldVal || len(selection.Index()) != 1 {
		return ""
	}
	t := selection.Recv()
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return ""
	}
	i := selection.Index()[0]
	if tag := reflect.StructTag(st.Tag(i)).Get("db"); tag != "" {
		name, _, _ := strings.Cut(tag, ",")
		return name
	}
	return st.Field(i).Name()
}

// sameExpr reports whether scan target s (&job.ID) is where e (job.ID) is read from.
func sameExpr(s, e ast.Expr) bool {
	if u, ok := ast.Unparen(s).(*ast.UnaryExpr); ok && u.Op == token.AND {
		s = u.X
	}
	return types.ExprString(s) == types.ExprString(e)
}

// describe shows a returned row by its first column: "id 1".
func describe(names []string, row []any) string {
	if len(row) == 0 {
		return "a row"
	}
	return fmt.Sprintf("%s %v", names[0], row[0])
}

// errText shortens a PostgreSQL error for a summary.
func errText(err error) string {
	if pgErr, ok := err.(*pgconn.PgError); ok {
		return fmt.Sprintf("%s (SQLSTATE %s)", pgErr.Message, pgErr.Code)
	}
	return strings.TrimSpace(err.Error())
}

func deref(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// scanTargets returns what a call's result is read into: the arguments of
// its Scan, or the destination sqlx's Get and Select take first.
func scanTargets(c *queuemodel.Call) []ast.Expr {
	if len(c.ScanArgs) > 0 {
		return c.ScanArgs
	}
	dest := 0
	switch c.Method {
	case "GetContext", "SelectContext":
		dest = 1
	case "Get", "Select":
	default:
		return nil
	}
	if dest < len(c.Expr.Args) {
		return c.Expr.Args[dest : dest+1]
	}
	return nil
}
