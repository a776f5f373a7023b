package ormsql

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
)

// bun (github.com/uptrace/bun with its PostgreSQL dialect) builds a
// statement from a chain that starts at a database value's NewSelect,
// NewUpdate, NewInsert, NewDelete or NewRaw and sends it with Scan or Exec;
// its DB, Tx and Conn also run SQL text directly (ExecContext,
// QueryContext, QueryRowContext), formatting `?` placeholders first.
//
// The chain is followed on SSA, so it may cross variables and branches
// (one statement per way it is built, see chainPaths); a query that is
// changed outside the chain (q.Where(...) with the result dropped), built
// in a loop or passed in from elsewhere is not read. The SQL is written as bun writes it for PostgreSQL (quoted
// identifiers, each WHERE condition in parentheses), with bind parameters
// where bun formats the values in: bun_test checks each form against
// bun's own String().

const bunPath = "github.com/uptrace/bun"

// bunStep is one call of a chain: the method and its call.
type bunStep struct {
	name string
	call *ssa.Call
	src  *ast.CallExpr // nil when the call is not in the file being read
	// modelArg is where a Model step's model is among its arguments: 1
	// for go-pg's ModelContext(ctx, model), 0 for the others.
	modelArg int
}

func readBun(r *Request) (Statement, bool) {
	sig := r.Callee.Type().(*types.Signature)
	if sig.Recv() == nil {
		return Statement{}, false
	}
	recv := typeName(sig.Recv().Type())
	name := r.Callee.Name()
	switch recv {
	case "DB", "Tx", "Conn", "IDB", "IConn":
		return readBunText(r, name)
	case "SelectQuery", "UpdateQuery", "InsertQuery", "DeleteQuery", "RawQuery":
	default:
		return Statement{}, false
	}
	st := Statement{Handle: bunHandle(r)}
	switch name {
	case "Scan":
		st.Method = "Query"
		st.ResultChecked = resultKept(r.Cursor)
		if len(r.Call.Args) > 1 && !r.Call.Ellipsis.IsValid() {
			st.ScanArgs = r.Call.Args[1:]
		}
	case "Exec":
		st.Method = "Exec"
		st.ResultChecked = resultKept(r.Cursor)
	case "Count", "Exists":
		// One row: the count, or whether there is any.
		st.Method = "QueryRow"
		st.ResultChecked = resultKept(r.Cursor)
	case "ScanAndCount":
		st.Method = "Query"
		st.ResultChecked = resultKept(r.Cursor)
		if len(r.Call.Args) > 1 && !r.Call.Ellipsis.IsValid() {
			st.ScanArgs = r.Call.Args[1:]
		}
	case "Rows":
		st.Method = "Query"
		st.Unread = "bun's " + name + " is not read"
		return st, true
	default:
		return Statement{}, false
	}
	paths, why := chainPaths(r, bunFunc, func(fn *types.Func) bool { return strings.HasPrefix(fn.Name(), "New") })
	if why != "" {
		st.Unread = why
		return st, true
	}
	return oneOrVariants(st, paths, func(st Statement, p chainPath) Statement { return bunStatement(r, name, st, p.steps, p.root) })
}

// bunStatement rebuilds the statement of one way a chain is built.
func bunStatement(r *Request, name string, st Statement, steps []bunStep, root bunStep) Statement {
	b := &bunBuilder{r: r, d: bunDialect, argsKnown: true}
	var model ast.Expr
	switch root.name {
	case "NewRaw":
		text, ok := b.text(root, 0)
		if ok {
			b.write(text, root, 1)
		}
		st.SQLExpr = argExpr(root, 0)
	case "NewSelect":
		switch name {
		case "Count":
			b.form = bunCount
		case "Exists":
			b.form = bunExists
		case "ScanAndCount":
			// Without a limit or offset bun counts the rows the
			// select returns; with one it sends a count of its own
			// as well.
			for _, s := range steps {
				if s.name == "Limit" || s.name == "Offset" {
					st.Unread = "bun's ScanAndCount with a limit sends two statements"
					return st
				}
			}
		}
		model = b.selectSQL(steps)
		if name == "Count" || name == "Exists" {
			model = nil
		}
	case "NewUpdate":
		b.updateSQL(steps)
	case "NewInsert":
		b.insertSQL(steps)
	case "NewDelete":
		b.deleteSQL(steps)
	default:
		st.Unread = "bun's " + root.name + " is not read"
		return st
	}
	if b.unread != "" {
		st.Unread = b.unread
		return st
	}
	st.SQL, st.Known = b.sql.String(), true
	if b.argsKnown {
		st.Args = b.args
	}
	if st.Method == "Query" && st.ScanArgs == nil && model != nil {
		st.ScanArgs = []ast.Expr{model}
	}
	return st
}

// readBunText reads SQL text run by bun's DB, Tx or Conn.
func readBunText(r *Request, name string) (Statement, bool) {
	method := strings.TrimSuffix(name, "Context")
	idx := 0
	if method != name {
		idx = 1
	}
	switch method {
	case "Exec", "Query", "QueryRow":
	default:
		return Statement{}, false
	}
	if idx >= len(r.Call.Args) {
		return Statement{}, false
	}
	st := Statement{Method: method, Handle: bunHandle(r), SQLExpr: r.Call.Args[idx]}
	st.ResultChecked = resultKept(r.Cursor)
	st.ScanArgs = rowScanArgs(r.Cursor)
	instr := r.Effects.Call(r.Call)
	if instr == nil {
		st.Unread = "the call is not in the SSA form"
		return st, true
	}
	b := &bunBuilder{r: r, d: bunDialect, argsKnown: true}
	vs := r.Effects.Strings(effects.Arg(instr, idx))
	text, ok := onlyText(vs)
	if !ok {
		st.Unread = "the SQL text is not one known string"
		return st, true
	}
	var args []ast.Expr
	if !r.Call.Ellipsis.IsValid() {
		args = r.Call.Args[idx+1:]
	}
	b.placeholders(text, args, !r.Call.Ellipsis.IsValid())
	if b.unread != "" {
		st.Unread = b.unread
		return st, true
	}
	st.SQL, st.Known = b.sql.String(), true
	if b.argsKnown {
		st.Args = b.args
	}
	return st, true
}

// bunHandle tells what a bun call runs on: effects follows the chain to
// the DB, Tx or Conn it starts from.
func bunHandle(r *Request) Handle {
	switch effects.HandleOf(r.Effects.Call(r.Call)).Kind {
	case effects.KindTx:
		return HandleTx
	case effects.KindPool:
		return HandleAutocommit
	}
	return HandleUnknown
}

// chain returns the clause calls of the chain of a library's calls (lib)
// that ends at the request's call, in the order the code makes them, and
// the call that starts it (root); or why it cannot.
func chain(r *Request, lib func(*ssa.Function) bool, root func(*types.Func) bool) ([]bunStep, bunStep, string) {
	instr := r.Effects.Call(r.Call)
	if instr == nil || len(instr.Common().Args) == 0 {
		return nil, bunStep{}, "the call is not in the SSA form"
	}
	return chainFrom(r, instr.Common().Args[0], lib, root)
}

// chainFrom returns the calls of the chain that builds a query value v,
// in the order the code makes them, and the call that starts it.
func chainFrom(r *Request, v ssa.Value, lib func(*ssa.Function) bool, root func(*types.Func) bool) ([]bunStep, bunStep, string) {
	files := fileOf(r)
	var steps []bunStep
	for range 64 {
		call, ok := v.(*ssa.Call)
		if !ok {
			return nil, bunStep{}, "the query is built out of sight (a parameter, a field, or on some branches only)"
		}
		if n := usesOf(call); n != 1 {
			return nil, bunStep{}, "the query is changed outside its chain"
		}
		c := call.Common()
		var name string
		switch {
		case c.IsInvoke():
			name = c.Method.Name()
		case lib(c.StaticCallee()):
			name = c.StaticCallee().Name()
		default:
			return nil, bunStep{}, "the query comes from a function of the module"
		}
		step := bunStep{name: name, call: call, src: callAt(files, call)}
		if isRoot(c, root) {
			for i, j := 0, len(steps)-1; i < j; i, j = i+1, j-1 {
				steps[i], steps[j] = steps[j], steps[i]
			}
			return steps, step, ""
		}
		if c.IsInvoke() || len(c.Args) == 0 {
			return nil, bunStep{}, "the query comes from an interface"
		}
		steps = append(steps, step)
		v = c.Args[0]
	}
	return nil, bunStep{}, "the chain is too long"
}

// usesOf counts the instructions that use a value, debug references aside.
func usesOf(v ssa.Value) int {
	n := 0
	for _, r := range *v.Referrers() {
		if _, ok := r.(*ssa.DebugRef); !ok {
			n++
		}
	}
	return n
}

// fileOf returns the file of the request's call.
func fileOf(r *Request) *ast.File {
	for c := range r.Cursor.Enclosing((*ast.File)(nil)) {
		return c.Node().(*ast.File)
	}
	return nil
}

// callAt returns the call expression of an SSA call in a file.
func callAt(f *ast.File, call *ssa.Call) *ast.CallExpr {
	if f == nil || !call.Pos().IsValid() || call.Pos() < f.Pos() || call.Pos() > f.End() {
		return nil
	}
	var found *ast.CallExpr
	ast.Inspect(f, func(n ast.Node) bool {
		if found != nil || n == nil || call.Pos() < n.Pos() || call.Pos() >= n.End() {
			return false
		}
		if c, ok := n.(*ast.CallExpr); ok && c.Lparen == call.Pos() {
			found = c
		}
		return true
	})
	return found
}

// argExpr returns the i-th source argument of a step, nil when unknown.
func argExpr(s bunStep, i int) ast.Expr {
	if s.src == nil || i >= len(s.src.Args) {
		return nil
	}
	return s.src.Args[i]
}

// bunBuilder writes the SQL of a chain.
type bunBuilder struct {
	r         *Request
	d         *dialect
	sql       strings.Builder
	args      []ast.Expr
	argsKnown bool
	unread    string
	model     bunModel
	hasModel  bool
	modelExpr ast.Expr // the argument of Model, when known
	form      bunForm  // what a select returns
	// step is the step whose SQL text is being written, and first the
	// index of its argument the first placeholder takes: a query or
	// bun.In given as an argument is read from it on SSA.
	step  *bunStep
	first int
}

// bunForm is what a select chain is sent for: its rows (Scan), their
// count (Count) or whether there are any (Exists).
type bunForm int

const (
	bunRows bunForm = iota
	// bunCount writes count(*) for the columns and leaves out ORDER BY,
	// LIMIT, OFFSET and FOR, as bun's Count does.
	bunCount
	// bunExists writes the select inside SELECT EXISTS (...), as bun's
	// Exists does for PostgreSQL.
	bunExists
)

func (b *bunBuilder) fail(format string, a ...any) {
	if b.unread == "" {
		b.unread = fmt.Sprintf(format, a...)
	}
}

// text returns the string argument i of a step.
func (b *bunBuilder) text(s bunStep, i int) (string, bool) {
	t, ok := onlyText(b.r.Effects.Strings(effects.Arg(s.call, i)))
	if !ok {
		b.fail("the text of bun's %s is not one known string", s.name)
	}
	return t, ok
}

// write writes a step's SQL text argument with its placeholders, whose
// values are the step's arguments from first on.
func (b *bunBuilder) write(text string, s bunStep, first int) {
	if s.src == nil || s.src.Ellipsis.IsValid() {
		b.placeholders(text, nil, false)
		return
	}
	b.step, b.first = &s, first
	defer func() { b.step = nil }()
	var args []ast.Expr
	if first < len(s.src.Args) {
		args = s.src.Args[first:]
	}
	b.placeholders(text, args, true)
}

// placeholders writes SQL text as bun formats it: each `?` takes the next
// argument (a bind parameter here), `\?` is a question mark; bun's named
// and numbered placeholders (?TableName, ?0) are not read.
func (b *bunBuilder) placeholders(text string, args []ast.Expr, known bool) {
	used := 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c == '\\' && i+1 < len(text) && text[i+1] == '?' {
			b.sql.WriteByte('?')
			i++
			continue
		}
		if c != '?' {
			b.sql.WriteByte(c)
			continue
		}
		if i+1 < len(text) && (isIdentByte(text[i+1]) || text[i+1] == '(') {
			b.fail("bun's named placeholder in %q is not read", text)
			return
		}
		var arg ast.Expr
		if used < len(args) {
			arg = args[used]
		} else if known {
			b.fail("%q has more placeholders than arguments", text)
			return
		}
		if arg != nil && b.step != nil && b.inline(arg, b.first+used) {
			used++
			continue
		}
		used++
		b.param(arg)
	}
	if known && used != len(args) {
		b.fail("%q has fewer placeholders than arguments", text)
	}
}

// param writes the next bind parameter; arg nil means its value is no
// expression of the code. A value bun reads from the model (WherePK's key,
// an insert's columns) is bound to the expression Model was given: the
// value comes from there (the row a SELECT scanned into &j is the row
// an UPDATE of &j ... WherePK() takes).
func (b *bunBuilder) param(arg ast.Expr) {
	b.args = append(b.args, arg)
	if arg == nil {
		b.argsKnown = false
	}
	fmt.Fprintf(&b.sql, "$%d", len(b.args))
}

// inline writes what bun writes into the SQL text for an argument of the
// step being written, and reports whether it did: the SQL of a select
// chain (a subquery), or the elements of a slice literal given to bun.In,
// each a bind parameter, separated by commas. An argument it cannot read
// leaves the statement unread (reported true: nothing more to write).
func (b *bunBuilder) inline(arg ast.Expr, i int) bool {
	info := b.r.Info
	if kind := bunFragment(info.TypeOf(arg)); kind != "" {
		// bun writes a Safe fragment as it is and an Ident or a Name
		// quoted, where the ? stands: SQL text, not a bind parameter.
		tv := info.Types[arg]
		if tv.Value == nil || tv.Value.Kind() != constant.String {
			b.fail("a bun.%s of a value out of sight", kind)
			return true
		}
		text := constant.StringVal(tv.Value)
		switch kind {
		case "Ident":
			parts := strings.Split(text, ".")
			for k, part := range parts {
				parts[k] = quoteIdent(part)
			}
			text = strings.Join(parts, ".")
		case "Name":
			text = quoteIdent(text)
		}
		b.sql.WriteString(text)
		return true
	}
	if t := info.TypeOf(arg); isGoPGQuery(t) {
		b.gopgSubquery(effects.Arg(b.step.call, i))
		return true
	}
	if t := info.TypeOf(arg); isBunType(t) && strings.HasSuffix(typeName(t), "Query") {
		v := effects.Arg(b.step.call, i)
		if mi, ok := v.(*ssa.MakeInterface); ok {
			v = mi.X
		}
		if v == nil {
			b.fail("a bun subquery out of sight")
			return true
		}
		steps, root, why := chainFrom(b.r, v, bunFunc, func(fn *types.Func) bool { return strings.HasPrefix(fn.Name(), "New") })
		if why != "" {
			b.fail("a bun subquery: %s", why)
			return true
		}
		if root.name != "NewSelect" {
			b.fail("a bun subquery of a %s query is not read", strings.TrimPrefix(root.name, "New"))
			return true
		}
		sub := &bunBuilder{r: b.r, d: b.d, argsKnown: b.argsKnown, args: b.args}
		sub.selectSQL(steps)
		if sub.unread != "" {
			b.fail("a bun subquery: %s", sub.unread)
			return true
		}
		b.sql.WriteString(sub.sql.String())
		b.args, b.argsKnown = sub.args, sub.argsKnown
		return true
	}
	call, ok := ast.Unparen(arg).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return false
	}
	fn, ok := calleeOf(info, call)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != bunPath || fn.Name() != "In" {
		return false
	}
	lit, ok := ast.Unparen(call.Args[0]).(*ast.CompositeLit)
	if !ok {
		return false // the slice is one value here, bound as such
	}
	if _, ok := info.TypeOf(lit).Underlying().(*types.Slice); !ok || len(lit.Elts) == 0 {
		b.fail("a bun.In the tool does not read")
		return true
	}
	for k, e := range lit.Elts {
		if _, ok := e.(*ast.KeyValueExpr); ok {
			b.fail("a bun.In the tool does not read")
			return true
		}
		if k > 0 {
			b.sql.WriteString(", ")
		}
		b.param(e)
	}
	return true
}

// bunFragment returns "Safe", "Ident" or "Name" when t is one of bun's
// types for SQL text (bun.Safe, bun.Ident, bun.Name), "" otherwise.
func bunFragment(t types.Type) string {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != bunPath+"/schema" {
		return ""
	}
	switch name := n.Obj().Name(); name {
	case "Safe", "Ident", "Name":
		return name
	}
	return ""
}

// isBunType reports whether t is (a pointer to) a type of bun's package.
func isBunType(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == bunPath
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// setModel reads the model a Model step names.
func (b *bunBuilder) setModel(s bunStep) ast.Expr {
	v := effects.Arg(s.call, s.modelArg)
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	if v == nil {
		b.fail("bun's model is not known")
		return nil
	}
	b.model = modelOf(v.Type(), b.d)
	b.hasModel = true
	b.modelExpr = argExpr(s, s.modelArg)
	if b.model.unread != "" {
		b.fail("%s", b.model.unread)
	}
	return argExpr(s, s.modelArg)
}

// modelTable writes the model's table with its alias.
func (b *bunBuilder) modelTable() {
	fmt.Fprintf(&b.sql, "%s AS %s", quoteBun(b.model.table), quoteBun(b.model.alias))
}

// clauses gathers a chain's steps by name, keeping their order.
type clauses map[string][]bunStep

func group(steps []bunStep, allowed ...string) (clauses, string) {
	cl := clauses{}
	for _, s := range steps {
		ok := false
		for _, a := range allowed {
			if s.name == a {
				ok = true
			}
		}
		if !ok {
			return nil, "bun's " + s.name + " is not read"
		}
		cl[s.name] = append(cl[s.name], s)
	}
	return cl, ""
}

func (b *bunBuilder) selectSQL(steps []bunStep) ast.Expr {
	cl, why := group(steps, "Model", "Table", "TableExpr", "ModelTableExpr", "Column", "ColumnExpr",
		"Where", "WhereOr", "WherePK", "WhereIn", "WhereInOr", "Order", "OrderExpr", "Limit", "Offset", "For", "With")
	if why != "" {
		b.fail("%s", why)
		return nil
	}
	var model ast.Expr
	if m := cl["Model"]; len(m) == 1 {
		model = b.setModel(m[0])
	} else if len(m) > 1 {
		b.fail("bun's Model is called twice")
	}
	if b.form == bunExists {
		b.sql.WriteString("SELECT EXISTS (")
		defer b.sql.WriteString(")")
	}
	b.with(cl)
	if b.unread != "" {
		return nil
	}
	b.sql.WriteString("SELECT ")
	cols := 0
	if b.form == bunCount {
		b.sql.WriteString("count(*)")
		cols = 1
		steps = slices.DeleteFunc(slices.Clone(steps), func(s bunStep) bool {
			switch s.name {
			case "Column", "ColumnExpr":
				// Written as the columns, which count(*) replaces:
				// its arguments are bound nowhere.
				return true
			}
			return false
		})
	}
	for _, s := range steps {
		switch s.name {
		case "Column":
			names, ok := b.texts(s)
			if !ok {
				return nil
			}
			for _, n := range names {
				if cols > 0 {
					b.sql.WriteString(", ")
				}
				cols++
				b.column(n)
			}
		case "ColumnExpr":
			if cols > 0 {
				b.sql.WriteString(", ")
			}
			cols++
			if t, ok := b.text(s, 0); ok {
				b.write(t, s, 1)
			}
		}
	}
	if cols == 0 {
		if b.hasModel {
			for i, c := range b.model.cols {
				if i > 0 {
					b.sql.WriteString(", ")
				}
				fmt.Fprintf(&b.sql, "%s.%s", quoteBun(b.model.alias), quoteBun(c))
			}
		} else {
			b.sql.WriteString("*")
		}
	}
	b.sql.WriteString(" FROM ")
	b.from(cl)
	b.where(steps)
	if b.form == bunCount {
		return model
	}
	b.order(steps)
	for _, name := range []string{"Limit", "Offset"} {
		if s := cl[name]; len(s) > 0 {
			fmt.Fprintf(&b.sql, " %s ", strings.ToUpper(name))
			b.number(s[len(s)-1])
		}
	}
	if s := cl["For"]; len(s) == 1 {
		if t, ok := b.text(s[0], 0); ok {
			b.sql.WriteString(" FOR ")
			b.write(t, s[0], 1)
		}
	} else if len(s) > 1 {
		b.fail("bun's For is called twice")
	}
	return model
}

// from writes the relation a select, update or delete runs on.
func (b *bunBuilder) from(cl clauses) {
	switch {
	case b.hasModel && len(cl["Table"])+len(cl["TableExpr"]) > 0:
		b.fail("bun's Table with a model is not read")
	case len(cl["ModelTableExpr"]) > 0:
		s := cl["ModelTableExpr"]
		if !b.hasModel || len(s) > 1 {
			b.fail("bun's ModelTableExpr is not read here")
			return
		}
		if t, ok := b.text(s[0], 0); ok {
			b.write(t, s[0], 1)
		}
	case b.hasModel:
		b.modelTable()
	case len(cl["Table"])+len(cl["TableExpr"]) == 1:
		if s := cl["Table"]; len(s) == 1 {
			names, ok := b.texts(s[0])
			if !ok || len(names) != 1 {
				b.fail("bun's Table names no one table")
				return
			}
			b.sql.WriteString(quoteBun(names[0]))
			return
		}
		s := cl["TableExpr"][0]
		if t, ok := b.text(s, 0); ok {
			b.write(t, s, 1)
		}
	default:
		b.fail("the query names no one table")
	}
}

// modelWithTables writes the model's table of an update or delete that
// also names other tables (Table, TableExpr), and returns those steps, in
// order: bun writes them after the model's, as the update's FROM or the
// delete's USING. Nil when the query has no model or no other table, or
// for go-pg, whose form of it is not read.
func (b *bunBuilder) modelWithTables(steps []bunStep, cl clauses) []bunStep {
	if !b.hasModel || len(cl["Table"])+len(cl["TableExpr"]) == 0 || b.d != bunDialect {
		return nil
	}
	var out []bunStep
	for _, s := range steps {
		if s.name == "Table" || s.name == "TableExpr" {
			out = append(out, s)
		}
	}
	b.modelTable()
	return out
}

// firstTable writes the first table a Table or TableExpr step names and
// returns the steps of the others, in order; nil when it cannot.
func (b *bunBuilder) firstTable(steps []bunStep) []bunStep {
	var out []bunStep
	for _, s := range steps {
		if s.name == "Table" || s.name == "TableExpr" {
			out = append(out, s)
		}
	}
	if s := out[0]; s.name == "Table" && (s.src == nil || len(s.src.Args) != 1) {
		b.fail("bun's Table of several names first in an update is not read")
		return nil
	}
	b.tables(out[:1])
	return out[1:]
}

// tables writes Table and TableExpr steps, separated by commas.
func (b *bunBuilder) tables(steps []bunStep) {
	n := 0
	for _, s := range steps {
		if s.name == "TableExpr" {
			if n > 0 {
				b.sql.WriteString(", ")
			}
			n++
			if t, ok := b.text(s, 0); ok {
				b.write(t, s, 1)
			}
			continue
		}
		names, ok := b.texts(s)
		if !ok {
			return
		}
		for _, name := range names {
			if !plainName(name) {
				b.fail("bun's Table(%q) is not read", name)
				return
			}
			if n > 0 {
				b.sql.WriteString(", ")
			}
			n++
			b.sql.WriteString(quoteBun(name))
		}
	}
}

// with writes the common table expressions of With steps: WITH "name" AS
// (query), each query a bun select chain of its own, read as any other;
// its parameters come first, as bun writes them.
func (b *bunBuilder) with(cl clauses) {
	ws := cl["With"]
	if len(ws) > 0 && b.d != bunDialect {
		b.fail("%s's With is not read", b.d.name)
		return
	}
	for i, s := range ws {
		name, ok := b.text(s, 0)
		if !ok {
			return
		}
		v := effects.Arg(s.call, 1)
		if mi, ok := v.(*ssa.MakeInterface); ok {
			v = mi.X
		}
		if v == nil {
			b.fail("the query of bun's With is not known")
			return
		}
		steps, root, why := chainFrom(b.r, v, bunFunc, func(fn *types.Func) bool { return strings.HasPrefix(fn.Name(), "New") })
		if why != "" {
			b.fail("the query of bun's With(%q): %s", name, why)
			return
		}
		if root.name != "NewSelect" {
			b.fail("bun's With(%q) of a %s query is not read", name, strings.TrimPrefix(root.name, "New"))
			return
		}
		sub := &bunBuilder{r: b.r, d: b.d, argsKnown: b.argsKnown, args: b.args}
		sub.selectSQL(steps)
		if sub.unread != "" {
			b.fail("the query of bun's With(%q): %s", name, sub.unread)
			return
		}
		if i == 0 {
			b.sql.WriteString("WITH ")
		} else {
			b.sql.WriteString(", ")
		}
		fmt.Fprintf(&b.sql, "%s AS (%s)", quoteBun(name), sub.sql.String())
		b.args, b.argsKnown = sub.args, sub.argsKnown
	}
	if len(ws) > 0 {
		b.sql.WriteString(" ")
	}
}

// texts returns the string arguments of a variadic step (Column, Order,
// Table), each a known string.
func (b *bunBuilder) texts(s bunStep) ([]string, bool) {
	if s.src == nil || s.src.Ellipsis.IsValid() {
		b.fail("the arguments of bun's %s are not known", s.name)
		return nil, false
	}
	var out []string
	for i := range s.src.Args {
		t, ok := b.text(s, i)
		if !ok {
			return nil, false
		}
		out = append(out, t)
	}
	return out, true
}

// column writes a column named by Column: bun quotes it, within the
// model's alias when there is a model.
func (b *bunBuilder) column(name string) {
	if !plainName(name) {
		b.fail("bun's Column(%q) is not read", name)
		return
	}
	if b.hasModel && b.d.qualifyColumns {
		fmt.Fprintf(&b.sql, "%s.", quoteBun(b.model.alias))
	}
	b.sql.WriteString(quoteBun(name))
}

// where writes the WHERE clause: each condition in parentheses, joined by
// AND (Where, WherePK, go-pg's WhereIn) or OR (WhereOr, WhereInOr).
// go-pg's WhereIn(cond, slice) is Where(cond, pg.In(slice)): the slice's
// items, which one parameter stands for here (a list of run-time length).
func (b *bunBuilder) where(steps []bunStep) {
	n := 0
	for _, s := range steps {
		var op string
		switch s.name {
		case "Where", "WherePK", "WhereIn":
			op = " AND "
		case "WhereOr", "WhereInOr":
			op = " OR "
		default:
			continue
		}
		if strings.HasPrefix(s.name, "WhereIn") {
			if b.d != gopgDialect {
				b.fail("bun's %s is not read", s.name)
				return
			}
			if a := argExpr(s, 1); a == nil || compositeOf(a) != nil {
				b.fail("go-pg's %s of a slice literal or of a value out of sight is not read", s.name)
				return
			}
		}
		if n == 0 {
			op = " WHERE "
		}
		n++
		b.sql.WriteString(op)
		if s.name == "WherePK" {
			b.wherePK(s)
			continue
		}
		t, ok := b.text(s, 0)
		if !ok {
			return
		}
		b.sql.WriteString("(")
		b.write(t, s, 1)
		b.sql.WriteString(")")
	}
}

// wherePK writes WherePK() on one row's model: its primary key equals the
// model's value.
func (b *bunBuilder) wherePK(s bunStep) {
	if !b.hasModel || b.model.slice || len(b.model.pk) != 1 || s.src == nil || len(s.src.Args) > 0 {
		b.fail("bun's WherePK is read only for one row's model with a single primary key")
		return
	}
	if b.d.pkParens {
		b.sql.WriteString("(")
	}
	fmt.Fprintf(&b.sql, "%s.%s = ", quoteBun(b.model.alias), quoteBun(b.model.pk[0]))
	b.param(b.modelExpr)
	if b.d.pkParens {
		b.sql.WriteString(")")
	}
}

// order writes ORDER BY: Order's names quoted, with ASC or DESC after a
// space; OrderExpr as written.
func (b *bunBuilder) order(steps []bunStep) {
	n := 0
	for _, s := range steps {
		if s.name != "Order" && s.name != "OrderExpr" {
			continue
		}
		sep := func() {
			if n == 0 {
				b.sql.WriteString(" ORDER BY ")
			} else {
				b.sql.WriteString(", ")
			}
			n++
		}
		if s.name == "OrderExpr" {
			sep()
			if t, ok := b.text(s, 0); ok {
				b.write(t, s, 1)
			}
			continue
		}
		items, ok := b.texts(s)
		if !ok {
			return
		}
		for _, it := range items {
			field, dir, _ := strings.Cut(it, " ")
			switch strings.ToUpper(dir) {
			case "", "ASC", "DESC":
			default:
				b.fail("bun's Order(%q) is not read", it)
				return
			}
			if !plainName(field) {
				b.fail("bun's Order(%q) is not read", it)
				return
			}
			sep()
			b.sql.WriteString(quoteBun(field))
			if dir != "" {
				b.sql.WriteString(" " + dir)
			}
		}
	}
}

// number writes the integer argument of Limit or Offset: the constant, or
// a bind parameter for a variable.
func (b *bunBuilder) number(s bunStep) {
	v := effects.Arg(s.call, 0)
	if c, ok := v.(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.Int {
		b.sql.WriteString(c.Value.ExactString())
		return
	}
	b.param(argExpr(s, 0))
}

func (b *bunBuilder) updateSQL(steps []bunStep) {
	cl, why := group(steps, "Model", "Table", "TableExpr", "Column", "Set", "Where", "WhereOr", "WherePK", "WhereIn", "WhereInOr", "Returning", "With")
	if why != "" {
		b.fail("%s", why)
		return
	}
	if m := cl["Model"]; len(m) == 1 {
		b.setModel(m[0])
	} else if len(m) > 1 {
		b.fail("bun's Model is called twice")
	}
	if b.hasModel && b.model.slice && len(cl["Set"]) == 0 {
		// Set or nothing: bun refuses a bulk update of a slice's rows
		// without it.
		b.fail("bun's update of a slice of models is not read")
	}
	if len(cl["Set"]) > 0 && len(cl["Column"]) > 0 {
		b.fail("bun's Column with Set is not read")
	}
	b.with(cl)
	if b.unread != "" {
		return
	}
	b.sql.WriteString("UPDATE ")
	others := b.modelWithTables(steps, cl)
	if others == nil && !b.hasModel && len(cl["Table"])+len(cl["TableExpr"]) > 1 && b.d == bunDialect {
		// No model: bun updates the first table and writes the others
		// as the FROM.
		others = b.firstTable(steps)
	} else if others == nil {
		b.from(cl)
	}
	b.sql.WriteString(" SET ")
	switch {
	case len(cl["Set"]) > 0:
		for i, s := range cl["Set"] {
			if i > 0 {
				b.sql.WriteString(", ")
			}
			if t, ok := b.text(s, 0); ok {
				b.write(t, s, 1)
			}
		}
	case !b.hasModel:
		b.fail("an update with neither Set nor a model is not read")
	case len(cl["Column"]) > 0:
		var cols []string
		for _, s := range cl["Column"] {
			names, ok := b.texts(s)
			if !ok {
				return
			}
			cols = append(cols, names...)
		}
		b.assignments(cols)
	default:
		var cols []string
		for _, c := range b.model.cols {
			if !b.model.isPK(c) {
				cols = append(cols, c)
			}
		}
		b.assignments(cols)
	}
	if others != nil {
		b.sql.WriteString(" FROM ")
		b.tables(others)
	}
	b.where(steps)
	b.returning(cl)
}

// assignments writes col = value for the model's columns, whose values
// are the model's fields.
func (b *bunBuilder) assignments(cols []string) {
	for i, c := range cols {
		if !plainName(c) {
			b.fail("bun's Column(%q) is not read", c)
			return
		}
		if i > 0 {
			b.sql.WriteString(", ")
		}
		fmt.Fprintf(&b.sql, "%s = ", quoteBun(c))
		b.param(b.modelExpr)
	}
}

func (b *bunBuilder) returning(cl clauses) {
	s := cl["Returning"]
	if len(s) > 1 {
		b.fail("bun's Returning is called twice")
		return
	}
	if len(s) == 1 {
		if t, ok := b.text(s[0], 0); ok {
			b.sql.WriteString(" RETURNING ")
			b.write(t, s[0], 1)
		}
	}
}

// insertSQL writes an insert of a model: each column with the model's
// value. bun writes DEFAULT instead for a zero value of a column it lets
// the database fill (an autoincrement key, a nullzero or default: column)
// and then returns those columns; that changes neither the table nor the
// columns, so such a column is a parameter here too. A slice of models is
// one row of values per element, all of the same columns: it is written
// as one row, the values bound to the slice.
func (b *bunBuilder) insertSQL(steps []bunStep) {
	cl, why := group(steps, "Model", "Returning")
	if why != "" {
		b.fail("%s", why)
		return
	}
	if m := cl["Model"]; len(m) != 1 {
		b.fail("an insert without one model is not read")
		return
	}
	b.setModel(cl["Model"][0])
	if b.unread != "" {
		return
	}
	fmt.Fprintf(&b.sql, "INSERT INTO %s (", quoteBun(b.model.table))
	for i, c := range b.model.cols {
		if i > 0 {
			b.sql.WriteString(", ")
		}
		b.sql.WriteString(quoteBun(c))
	}
	b.sql.WriteString(") VALUES (")
	for i := range b.model.cols {
		if i > 0 {
			b.sql.WriteString(", ")
		}
		b.param(b.modelExpr)
	}
	b.sql.WriteString(")")
	b.returning(cl)
}

func (b *bunBuilder) deleteSQL(steps []bunStep) {
	cl, why := group(steps, "Model", "Table", "TableExpr", "Where", "WhereOr", "WherePK", "WhereIn", "WhereInOr", "Returning", "With")
	if why != "" {
		b.fail("%s", why)
		return
	}
	if m := cl["Model"]; len(m) == 1 {
		b.setModel(m[0])
	} else if len(m) > 1 {
		b.fail("bun's Model is called twice")
	}
	b.with(cl)
	if b.unread != "" {
		return
	}
	b.sql.WriteString("DELETE FROM ")
	if others := b.modelWithTables(steps, cl); others != nil {
		b.sql.WriteString(" USING ")
		b.tables(others)
	} else {
		b.from(cl)
	}
	b.where(steps)
	b.returning(cl)
}

// plainName reports whether s is a column or table name bun quotes as a
// whole: letters, digits and underscores.
func plainName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isIdentByte(s[i]) {
			return false
		}
	}
	return true
}

// quoteBun quotes an identifier as bun's PostgreSQL dialect does.
func quoteBun(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

// onlyText returns the one value a string may hold, when it is all text.
func onlyText(vs effects.Values) (string, bool) {
	if !vs.Known() || len(vs.Set) != 1 {
		return "", false
	}
	return vs.Set[0].Text()
}

// typeName returns the name of a (pointer to a) named type.
func typeName(t types.Type) string {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Name()
	}
	return ""
}

// rowScanArgs returns the arguments of the Scan called on a call's result
// (db.QueryRowContext(...).Scan(&id)), nil when there is none.
func rowScanArgs(cur inspector.Cursor) []ast.Expr {
	sel, ok := cur.Parent().Node().(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Scan" {
		return nil
	}
	call, ok := cur.Parent().Parent().Node().(*ast.CallExpr)
	if !ok || call.Fun != sel || call.Ellipsis.IsValid() {
		return nil
	}
	return call.Args
}

// resultKept reports whether the code keeps what the call at cur returns:
// not a bare statement, not assigned to _ (for Exec, the row count is the
// first result; for QueryRowContext(...).Scan, what the Scan returns).
func resultKept(cur inspector.Cursor) bool {
	parent := cur.Parent()
	if sel, ok := parent.Node().(*ast.SelectorExpr); ok && sel.Sel.Name == "Scan" {
		cur = parent.Parent()
		parent = cur.Parent()
	}
	switch p := parent.Node().(type) {
	case *ast.ExprStmt:
		return false
	case *ast.AssignStmt:
		if id, ok := p.Lhs[0].(*ast.Ident); ok && id.Name == "_" {
			return false
		}
	}
	return true
}

// bunFunc reports whether an SSA function is bun's.
func bunFunc(fn *ssa.Function) bool {
	if fn == nil {
		return false
	}
	obj, ok := fn.Object().(*types.Func)
	return ok && obj.Pkg() != nil && obj.Pkg().Path() == bunPath
}

// isRoot reports whether a call starts a chain.
func isRoot(c *ssa.CallCommon, root func(*types.Func) bool) bool {
	if c.IsInvoke() {
		return root(c.Method)
	}
	fn, ok := c.StaticCallee().Object().(*types.Func)
	return ok && root(fn)
}

// A dialect is where go-pg writes a statement otherwise than bun (bun
// began as go-pg's successor and writes the rest alike).
type dialect struct {
	name           string // in what the model says of an unread call
	tag            string // the struct tag key
	qualifyColumns bool   // Column("id") is written with the model's alias
	pkParens       bool   // WherePK's condition is in parentheses
	defaultPK      bool   // a column named id (or uuid) is the key when none is tagged
}

var bunDialect = &dialect{name: "bun", tag: "bun", qualifyColumns: true, pkParens: true}
