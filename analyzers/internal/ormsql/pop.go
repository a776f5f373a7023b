package ormsql

import (
	"go/ast"
	"go/constant"
	"go/types"
	"regexp"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/internal/sqltext"
)

// pop (github.com/gobuffalo/pop/v6, or ory's fork github.com/ory/pop/v6,
// whose SQL the orypop module's test checks) builds a query on a
// *pop.Connection (Where, Order, Limit, RawQuery, Q) and sends it with All,
// First, Last, Find, Exec or ExecWithCount; Create, Update, UpdateColumns
// and Destroy write one model by its primary key. Its postgres dialect
// rewrites ? parameters as $1, $2... (sqlx.Rebind) and names tables with
// flect.

const (
	popPkg    = "github.com/gobuffalo/pop/v6"
	oryPopPkg = "github.com/ory/pop/v6"
)

// popSends are pop's methods that send SQL this reader does not rebuild.
var popSends = map[string]bool{
	"Count": true, "CountByField": true, "Exists": true, "Save": true, "ValidateAndSave": true,
	"UpdateQuery": true, "Delete": true,
	"Reload": true, "Load": true,
}

// A popQuery is what a chain of builder calls has said so far.
type popQuery struct {
	raw       *ssa.Call // the RawQuery call, if any
	rawSQL    string
	rawExpr   ast.Expr
	args      []ast.Expr
	argsKnown bool
	wheres    []string
	orders    []string
	limit     string
	limitArg  ast.Expr // the Go value of a LIMIT that is not a constant
	unread    string
}

func readPop(r *Request) (Statement, bool) {
	sig := r.Callee.Type().(*types.Signature)
	if sig.Recv() == nil {
		return Statement{}, false
	}
	onQuery := isPopType(sig.Recv().Type(), "Query")
	if !onQuery && !isPopType(sig.Recv().Type(), "Connection") {
		return Statement{}, false
	}
	name := r.Callee.Name()
	// ValidateAndCreate and ValidateAndUpdate run the model's validations
	// (SQL of their own, in the module's code) and, when none fails, send
	// what Create and Update send (pop v6.1.1's executors.go: return verrs,
	// c.Create(model, excludeColumns...); the orypop test checks the fork's).
	validated := false
	if w, ok := strings.CutPrefix(name, "ValidateAnd"); ok && (w == "Create" || w == "Update") {
		name, validated = w, true
	}
	st := Statement{Known: false}
	switch name {
	case "Exec", "ExecWithCount":
		if !onQuery {
			return Statement{}, false
		}
		st.Method = "Exec"
	case "All":
		st.Method = "Query"
	case "First", "Last", "Find":
		st.Method = "QueryRow"
	case "Create", "Update", "UpdateColumns", "Destroy":
		if onQuery {
			return Statement{}, false
		}
		st.Method = "Exec"
	default:
		if popSends[name] {
			st.Method = "Exec"
			st.Unread = "pop's " + name + " is not read"
			return st, true
		}
		return Statement{}, false
	}
	instr := r.Effects.Call(r.Call)
	if instr == nil {
		st.Unread = "no SSA for the pop call"
		return st, true
	}
	if tx := r.Effects.TxOf(instr); tx != nil {
		st.Handle = HandleTx
	}
	st.ResultChecked = popResultChecked(r, name, validated)
	if onQuery {
		// A query is a value: built otherwise on other paths (q =
		// q.Where(...) under an if), it is a statement per path, and a
		// way built only for another database is left out.
		paths, why := chainPaths(r, popFunc, popRoot)
		if why != "" {
			st.Unread = why
			return st, true
		}
		return oneOrVariants(st, paths, func(st Statement, p chainPath) Statement {
			q := &popQuery{argsKnown: true}
			for _, s := range append([]bunStep{p.root}, p.steps...) {
				if q.unread == "" {
					q.apply(r.Effects, s)
				}
			}
			return q.statement(r, st, name)
		})
	}
	return (&popQuery{argsKnown: true}).statement(r, st, name), true
}

// popFunc reports whether fn is one of pop's (or of its columns package).
func popFunc(fn *ssa.Function) bool {
	if fn == nil {
		return false
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Pkg() == nil {
		return false
	}
	p := obj.Pkg().Path()
	return effects.IsPopPath(p) || effects.IsPopPath(strings.TrimSuffix(p, "/columns"))
}

// popRoot reports whether a call of pop starts a query: a method of a
// Connection, or pop.Q(c).
func popRoot(fn *types.Func) bool {
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil {
		return fn.Name() == "Q"
	}
	return isPopType(recv.Type(), "Connection")
}

// statement is what the call named method sends once the chain has said
// q.
func (q *popQuery) statement(r *Request, st Statement, name string) Statement {
	if q.unread != "" {
		st.Unread = q.unread
		return st
	}
	switch name {
	case "Exec", "ExecWithCount":
		if q.raw == nil {
			st.Unread = "pop's Exec of a query without RawQuery"
			return st
		}
		return q.rawStatement(st)
	case "All", "First", "Last", "Find":
		if len(r.Call.Args) == 0 {
			st.Unread = "a pop finder without a model"
			return st
		}
		st.ScanArgs = r.Call.Args[:1]
		if q.raw != nil {
			if name == "Find" {
				st.Unread = "pop's Find on a raw query"
				return st
			}
			// A raw query runs as written: First's LIMIT 1 and Last's
			// ORDER BY apply only to a query pop builds.
			return q.rawStatement(st)
		}
		m, why := popModelOf(r, r.Info.TypeOf(r.Call.Args[0]))
		if why != "" {
			st.Unread = why
			return st
		}
		switch name {
		case "Find":
			if len(r.Call.Args) < 2 {
				st.Unread = "a pop Find without a key"
				return st
			}
			q.wheres = append(q.wheres, m.alias+"."+m.id+" = ?")
			q.args = append(q.args, r.Call.Args[1])
			q.limit, q.limitArg = "1", nil
		case "First":
			q.limit, q.limitArg = "1", nil
		case "Last":
			q.orders = append(q.orders, "created_at DESC, id DESC")
			q.limit, q.limitArg = "1", nil
		}
		return q.selectStatement(st, m)
	}
	return q.write(r, st, name)
}

// write is the statement of Create, Update, UpdateColumns or Destroy.
func (q *popQuery) write(r *Request, st Statement, name string) Statement {
	// Create, Update, UpdateColumns, Destroy: one model by its key.
	if len(r.Call.Args) == 0 {
		st.Unread = "a pop write without a model"
		return st
	}
	m, why := popModelOf(r, r.Info.TypeOf(r.Call.Args[0]))
	if why != "" {
		st.Unread = why
		return st
	}
	names, ok := constantStrings(r, 1)
	if !ok {
		st.Unread = "column names that are not constants"
		return st
	}
	return m.write(st, name, names, popReturning(r.Callee.Pkg().Path()))
}

func isPopType(t types.Type, name string) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != nil && effects.IsPopPath(n.Obj().Pkg().Path()) && n.Obj().Name() == name
}

// apply adds one builder call's clause: the chain's start (a method of
// the Connection, or pop.Q) and each call after it.
func (q *popQuery) apply(e *effects.Effects, step bunStep) {
	call, syntax := step.call, step.src
	switch step.name {
	case "Q":
		return
	case "Where", "Order", "Limit", "RawQuery":
	default:
		q.unread = "pop's " + step.name + " is not read"
		return
	}
	if syntax == nil {
		q.unread = "a pop call whose syntax is out of sight"
		return
	}
	// A method value's receiver is its first argument.
	args := call.Common().Args[1:]
	if step.name == "Limit" {
		// pop formats the limit into the text (%d): a number that is not a
		// constant reads as a parameter, as the model reads numbers
		// spliced into LIMIT.
		if c, ok := args[0].(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.Int {
			q.limit, q.limitArg = c.Value.ExactString(), nil
		} else {
			q.limit, q.limitArg = "?", syntax.Args[0]
		}
		return
	}
	text, ok := oneText(e, effects.Arg(call, 0))
	if !ok {
		q.unread = "the SQL of pop's " + step.name + " is not a constant"
		return
	}
	if syntax.Ellipsis.IsValid() {
		q.argsKnown = false
	} else if len(syntax.Args) > 1 {
		q.args = append(q.args, syntax.Args[1:]...)
	}
	switch step.name {
	case "RawQuery":
		if q.raw != nil || len(q.wheres) > 0 || len(q.orders) > 0 {
			q.unread = "a pop query with RawQuery and other clauses"
			return
		}
		q.raw, q.rawSQL, q.rawExpr = call, text, syntax.Args[0]
	case "Where":
		q.wheres = append(q.wheres, text)
	case "Order":
		if len(syntax.Args) > 1 || strings.Contains(text, ";") {
			// pop drops an order clause with a ; in it, and binds an
			// order's arguments after the WHERE's.
			q.unread = "a pop Order with arguments or a ;"
			return
		}
		q.orders = append(q.orders, text)
	}
}

// oneText returns the one text a string value holds.
func oneText(e *effects.Effects, v ssa.Value) (string, bool) {
	vs := e.Strings(v)
	if !vs.Known() || len(vs.Set) != 1 {
		return "", false
	}
	return vs.Set[0].Text()
}

// inParam is pop's test for a clause sqlx.In expands (IN (?) with a slice).
var inParam = regexp.MustCompile(`(?i)in\s*\(\s*\?\s*\)`)

// finish turns pop's ? parameters into $n, as the postgres dialect does.
func (q *popQuery) finish(st Statement, sql string) Statement {
	if inParam.MatchString(sql) {
		st.Unread = "an IN (?) that sqlx.In expands at run time"
		return st
	}
	if out, ok := sqltext.Positional(sql); ok {
		sql = out
	}
	st.SQL, st.Known = sql, true
	if q.argsKnown {
		st.Args = q.args
	}
	return st
}

func (q *popQuery) rawStatement(st Statement) Statement {
	st.SQLExpr = q.rawExpr
	return q.finish(st, q.rawSQL)
}

func (q *popQuery) selectStatement(st Statement, m *popModel) Statement {
	sql := m.selectSQL()
	if len(q.wheres) > 0 {
		sql += " WHERE " + strings.Join(q.wheres, " AND ")
	}
	if len(q.orders) > 0 {
		sql += " ORDER BY " + strings.Join(q.orders, ", ")
	}
	if q.limitArg != nil {
		sql += " LIMIT ?"
		q.args = append(q.args, q.limitArg)
	} else if q.limit != "" && q.limit != "0" && !strings.HasPrefix(q.limit, "-") {
		sql += " LIMIT " + q.limit
	}
	return q.finish(st, sql)
}

// popReturning is the keyword the postgres dialect writes before the key
// a Create returns: lower case in gobuffalo's pop, upper case in ory's
// fork (each checked against the library's own output).
func popReturning(path string) string {
	if path == oryPopPkg {
		return "RETURNING"
	}
	return "returning"
}

// write is the statement Create, Update, UpdateColumns or Destroy sends
// for a model, its values bound by name from the model's fields.
func (m *popModel) write(st Statement, method string, names []string, returning string) Statement {
	table := quote(m.table)
	var sql string
	switch method {
	case "Destroy":
		sql = "DELETE FROM " + table + " AS " + m.alias + " WHERE " + m.alias + "." + m.id + " = $1"
		st.SQL, st.Known = sql, true
		return st
	case "Create":
		cols := m.sorted(func(n string, c popColumn) bool { return c.writeable && n != m.id && !contains(names, n) })
		switch m.idType {
		case "int", "int64":
			if len(cols) == 0 {
				sql = "INSERT INTO " + table + " DEFAULT VALUES " + returning + " " + m.id
			} else {
				sql = "INSERT INTO " + table + " (" + quotedList(cols) + ") VALUES (" + namedList(cols) + ") " + returning + " " + m.id
			}
			st.Method = "QueryRow"
		case "UUID", "string":
			cols = m.sorted(func(n string, c popColumn) bool { return (c.writeable || n == m.id) && !contains(names, n) })
			sql = "INSERT INTO " + table + " (" + quotedList(cols) + ") VALUES (" + namedList(cols) + ")"
		default:
			st.Unread = "a pop model whose ID is neither an integer, a UUID nor a string"
			return st
		}
	case "Update", "UpdateColumns":
		var cols []string
		if method == "UpdateColumns" && len(names) > 0 {
			for _, n := range names {
				n, rw, _ := strings.Cut(n, ",")
				if rw != "r" && n != m.id && n != "id" && n != "created_at" && !contains(cols, n) {
					cols = append(cols, n)
				}
			}
		} else {
			// Update leaves out the ID column and the excluded ones,
			// UpdateColumns with no names a column named id.
			cols = m.sorted(func(n string, c popColumn) bool {
				if method == "Update" {
					return c.writeable && n != "created_at" && n != m.id && !contains(names, n)
				}
				return c.writeable && n != "created_at" && n != "id"
			})
		}
		if len(cols) == 0 {
			st.Unread = "a pop update with no columns"
			return st
		}
		sets := make([]string, len(cols))
		for i, c := range cols {
			sets[i] = quote(c) + " = :" + c
		}
		sort.Strings(sets)
		sql = "UPDATE " + table + " AS " + m.alias + " SET " + strings.Join(sets, ", ") + " WHERE " + m.alias + "." + m.id + " = :" + m.id
	}
	sql, _ = sqltext.Named(sql)
	st.SQL, st.Known = sql, true
	return st
}

func quotedList(cols []string) string {
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = quote(c)
	}
	return strings.Join(out, ", ")
}

func namedList(cols []string) string {
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = ":" + c
	}
	return strings.Join(out, ", ")
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// constantStrings returns the constants a variadic call passes from its
// argument i on; false when one is not a constant.
func constantStrings(r *Request, from int) ([]string, bool) {
	if r.Call.Ellipsis.IsValid() {
		return nil, len(r.Call.Args) <= from
	}
	var out []string
	for _, a := range r.Call.Args[min(from, len(r.Call.Args)):] {
		tv := r.Info.Types[a]
		if tv.Value == nil || tv.Value.Kind() != constant.String {
			return nil, false
		}
		out = append(out, constant.StringVal(tv.Value))
	}
	return out, true
}

// popResultChecked says whether the code looks at what a pop call did:
// Exec gives only an error, ExecWithCount the row count; the finders give
// the rows the model holds.
func popResultChecked(r *Request, method string, validated bool) bool {
	switch method {
	case "Exec", "Update", "UpdateColumns", "Destroy":
		return false
	}
	// A validated write returns the validation's errors, then the error.
	errAt := 0
	if validated {
		errAt = 1
	}
	switch p := r.Cursor.Parent().Node().(type) {
	case *ast.ExprStmt:
		return false
	case *ast.AssignStmt:
		if len(p.Lhs) <= errAt {
			return false
		}
		if id, ok := p.Lhs[errAt].(*ast.Ident); ok && id.Name == "_" {
			return false
		}
	}
	return true
}
