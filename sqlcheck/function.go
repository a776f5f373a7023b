package sqlcheck

import (
	"regexp"
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
)

// A Function is a function or procedure that the migrations create, with
// the DML statements of its body: SQL in the database, which a Go call
// runs by calling the function (SELECT dequeue($1), CALL p()) and a
// trigger runs when its table changes.
type Function struct {
	Name     string   // qualified, "public.dequeue"
	Language string   // "plpgsql", "sql"...
	Params   []string // the input parameters' names, in order: $1, $2... ("" when unnamed)
	Loc      Loc      // the CREATE statement
	Body     []*BodyStmt
	// Unread says why the body's statements are not known ("" when they
	// are): dynamic SQL (EXECUTE), a language jobqlint does not read, a
	// body pg_query cannot compile. A function with an unread body stands
	// for nothing: no rule guesses what it does.
	Unread string
}

// A BodyStmt is a DML statement of a function body. Names of the function's
// parameters are the parameters $1, $2... in their order; the body's own
// variables (PL/pgSQL's DECLARE, NEW and OLD, loop variables) are numbered
// after them: values known only when the function runs.
type BodyStmt struct {
	*Stmt
	Loc    Loc      // where the statement is written (the CREATE statement when the body's text cannot be located)
	Conds  []string // the conditions of the IF, CASE and loop branches the statement runs under, outermost first
	Result Result   // what the body does with the statement's outcome
	Calls  *FuncCall
	// Always says the statement runs on every call that gets past the
	// statements before it: it is written in no branch, loop, nested block
	// or exception handler (every statement of a SQL function).
	Always bool
	arms   []armOf // the IF and CASE arms the statement is in, outermost first
}

// armOf names one arm of a PL/pgSQL IF or CASE: the construct's number in
// its function, and the arm's place in it (-1 for ELSE).
type armOf struct{ construct, arm int }

// Exclusive reports whether two statements of one function body never run
// on the same call: they are in different arms of one IF or CASE.
func (st *BodyStmt) Exclusive(o *BodyStmt) bool {
	for i := 0; i < len(st.arms) && i < len(o.arms); i++ {
		a, b := st.arms[i], o.arms[i]
		if a.construct != b.construct {
			return false
		}
		if a.arm != b.arm {
			return true
		}
	}
	return false
}

// A Result says what a function body does with what a statement affected.
type Result int

const (
	ResultIgnored  Result = iota // nothing looks at it
	ResultChecked                // read INTO variables, or tested afterwards (FOUND, GET DIAGNOSTICS ... ROW_COUNT)
	ResultReturned               // handed to the function's caller (RETURN QUERY, the last statement of a SQL function)
)

// A FuncCall is a statement that only calls a function: SELECT f($1),
// SELECT * FROM f($1, $2), CALL p(), PERFORM f(x) in PL/pgSQL.
type FuncCall struct {
	Name string  // qualified as written: an unqualified name is in public
	Args []Value // the arguments, in order
}

// A Trigger runs a function when its table changes.
type Trigger struct {
	Name     string
	Table    string // qualified
	Function string // qualified
	Events   []Kind // KindInsert, KindUpdate, KindDelete
	Loc      Loc
}

// Fires reports whether the trigger runs on a statement of the given kind.
func (t *Trigger) Fires(k Kind) bool {
	for _, e := range t.Events {
		if e == k {
			return true
		}
	}
	return false
}

// CallOnly returns the function a statement does nothing but call, or nil.
func CallOnly(n *pg.Node) *FuncCall {
	var fc *pg.FuncCall
	switch {
	case n.GetCallStmt() != nil:
		fc = n.GetCallStmt().GetFunccall()
	case n.GetSelectStmt() != nil:
		s := n.GetSelectStmt()
		if s.GetOp() != pg.SetOperation_SETOP_NONE || s.GetWhereClause() != nil || s.GetWithClause() != nil ||
			len(s.GetGroupClause()) > 0 || len(s.GetValuesLists()) > 0 {
			return nil
		}
		switch from := s.GetFromClause(); len(from) {
		case 0:
			if t := s.GetTargetList(); len(t) == 1 {
				fc = stripCast(t[0].GetResTarget().GetVal()).GetFuncCall()
			}
		case 1:
			if fns := from[0].GetRangeFunction().GetFunctions(); len(fns) == 1 {
				if items := fns[0].GetList().GetItems(); len(items) > 0 {
					fc = items[0].GetFuncCall()
				}
			}
		}
	}
	if fc == nil || fc.GetAggStar() || fc.GetOver() != nil {
		return nil
	}
	var names []string
	for _, p := range fc.GetFuncname() {
		names = append(names, p.GetString_().GetSval())
	}
	if len(names) == 0 || len(names) > 2 {
		return nil
	}
	call := &FuncCall{Name: QualifiedName("", names[0])}
	if len(names) == 2 {
		call.Name = QualifiedName(names[0], names[1])
	}
	for _, a := range fc.GetArgs() {
		if a.GetNamedArgExpr() != nil {
			return nil // f(x => 1): matching names to positions needs the signature
		}
		call.Args = append(call.Args, value(a))
	}
	return call
}

// readFunction reads a CREATE FUNCTION or CREATE PROCEDURE statement.
// isColumn tells whether a name is a column of a table of the schema: in a
// SQL function, a column wins over a parameter of the same name. bad
// receives the parse errors of a SQL function's body.
func readFunction(src *Source, raw RawStmt, cf *pg.CreateFunctionStmt, name string, isColumn func(string) bool, bad func(*ParseError)) *Function {
	f := &Function{Name: name, Loc: src.Loc(raw.Start)}
	var (
		body    string
		hasBody bool
		bodyAt  = -1 // offset of body in raw.Text
	)
	for _, o := range cf.GetOptions() {
		d := o.GetDefElem()
		switch d.GetDefname() {
		case "language":
			f.Language = strings.ToLower(d.GetArg().GetString_().GetSval())
		case "as":
			items := d.GetArg().GetList().GetItems()
			if len(items) == 1 {
				body, hasBody = items[0].GetString_().GetSval(), true
				bodyAt = locateBody(raw.Text, body, int(d.GetLocation()))
			}
		}
	}
	vars := map[string]int{}
	for _, p := range cf.GetParameters() {
		fp := p.GetFunctionParameter()
		switch fp.GetMode() {
		case pg.FunctionParameterMode_FUNC_PARAM_OUT, pg.FunctionParameterMode_FUNC_PARAM_TABLE:
			continue
		}
		f.Params = append(f.Params, fp.GetName())
		if fp.GetName() != "" {
			vars[strings.ToLower(fp.GetName())] = len(f.Params)
		}
	}
	fnName := strings.ToLower(name[strings.LastIndexByte(name, '.')+1:])
	base := raw.Base // offset in src.SQL of raw.Text
	switch {
	case cf.GetSqlBody() != nil:
		f.Language = "sql"
		text, at := atomicBody(raw.Text)
		if at < 0 {
			f.Unread = "its BEGIN ATOMIC body could not be located"
			return f
		}
		f.Body = sqlBody(src, base+at, text, vars, fnName, isColumn, func(e *ParseError) {
			e.Offset += base + at
			bad(e)
		})
	case f.Language == "":
		f.Unread = "it names no language"
	case f.Language != "sql" && f.Language != "plpgsql":
		f.Unread = "it is written in " + f.Language
	case !hasBody:
		f.Unread = "it has no body jobqlint can read"
	case f.Language == "sql":
		at := base + bodyAt
		if bodyAt < 0 {
			at = -1
		}
		f.Body = sqlBody(src, at, body, vars, fnName, isColumn, func(e *ParseError) {
			if at >= 0 {
				e.Offset += at
				bad(e)
			}
		})
		if f.Body == nil {
			f.Body = []*BodyStmt{}
		}
	default:
		f.Body, f.Unread = plpgsqlBody(src, raw, body, bodyAt, vars, fnName)
	}
	if f.Body != nil && f.Unread == "" {
		for _, st := range f.Body {
			if st.Loc.File == "" {
				st.Loc = f.Loc
			}
		}
	}
	return f
}

// locateBody returns the offset in text of a function body given as one
// string constant, searching from the AS keyword: found only when the body
// is written as it is (dollar-quoted, or a string without doubled quotes).
func locateBody(text, body string, from int) int {
	if from < 0 || from > len(text) {
		from = 0
	}
	i := strings.Index(text[from:], body)
	if i < 0 || body == "" {
		return -1
	}
	return from + i
}

var atomicStart = regexp.MustCompile(`(?i)\bBEGIN\s+ATOMIC\b`)
var atomicEnd = regexp.MustCompile(`(?i)\bEND\s*;?\s*$`)

// atomicBody returns the statements of a BEGIN ATOMIC ... END body and
// their offset in text.
func atomicBody(text string) (string, int) {
	loc := atomicStart.FindStringIndex(text)
	if loc == nil {
		return "", -1
	}
	rest := text[loc[1]:]
	end := atomicEnd.FindStringIndex(strings.TrimRight(rest, " \t\r\n;"))
	if end == nil {
		return "", -1
	}
	return rest[:end[0]], loc[1]
}

// sqlBody reads the statements of a SQL function's body, at offset at of
// src.SQL (-1 when unknown). The last statement's result is the function's.
func sqlBody(src *Source, at int, body string, vars map[string]int, fnName string, isColumn func(string) bool, bad func(*ParseError)) []*BodyStmt {
	var out []*BodyStmt
	parseEach(body, func(raw RawStmt) {
		bind(raw.Node, vars, nil, fnName, isColumn)
		st := bodyStmt(raw)
		if st == nil {
			return
		}
		st.Always = true
		if at >= 0 {
			st.Loc = src.Loc(at + raw.Start)
		}
		out = append(out, st)
	}, bad)
	if len(out) > 0 {
		out[len(out)-1].Result = ResultReturned
	}
	return out
}

// bodyStmt makes a BodyStmt of a parsed statement: DML, or a call of a
// function; nil otherwise.
func bodyStmt(raw RawStmt) *BodyStmt {
	call := CallOnly(raw.Node)
	st := Facts(raw)
	if st == nil && call == nil {
		return nil
	}
	if st == nil {
		st = &Stmt{Kind: KindOther}
	}
	return &BodyStmt{Stmt: st, Calls: call}
}

// bind turns the names of a body's parameters and variables into bind
// parameters ($n), in place: a bare name (v_id), a field of a record
// variable (r.id, NEW.id), a parameter qualified by the function's name
// (dequeue.queue). isColumn, when not nil, keeps the names that are
// columns (a SQL function's column wins over its parameter).
func bind(n *pg.Node, vars map[string]int, records map[string]bool, fnName string, isColumn func(string) bool) {
	if len(vars) == 0 {
		return
	}
	walk(n, func(m *pg.Node) bool {
		ref := m.GetColumnRef()
		if ref == nil {
			return true
		}
		var fields []string
		for _, f := range ref.GetFields() {
			fields = append(fields, strings.ToLower(f.GetString_().GetSval()))
		}
		num := 0
		switch len(fields) {
		case 1:
			if isColumn == nil || !isColumn(fields[0]) {
				num = vars[fields[0]]
			}
		case 2:
			if records[fields[0]] {
				num = vars[fields[0]]
			} else if fields[0] == fnName {
				num = vars[fields[1]]
			}
		}
		if num > 0 {
			m.Node = &pg.Node_ParamRef{ParamRef: &pg.ParamRef{Number: int32(num), Location: ref.GetLocation()}}
		}
		return false
	})
}
