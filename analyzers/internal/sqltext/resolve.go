package sqltext

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/types/typeutil"
)

// A Text is what an expression that builds SQL resolves to.
type Text struct {
	SQL    string // the SQL, placeholders and spliced parameters in place, when Known
	Known  bool
	Unread string // why the SQL could not be read; empty when Known
	// Spliced maps the bind parameters that stand for numbers spliced into
	// the text (LIMIT %d) to their Go expressions. They are numbered past
	// every parameter the call can bind itself.
	Spliced map[int]ast.Expr
	// Placeholders says whether the SQL names relations by placeholders.
	Placeholders bool
	// Pos is where the text's first literal piece is written.
	Pos token.Pos
}

// An assignment is one value given to a variable.
type assignment struct {
	value ast.Expr    // nil when opaque (&v, range, a result of several)
	op    token.Token // DEFINE, ASSIGN, ADD_ASSIGN, or VAR (a declaration)
	stmt  ast.Node    // the statement (or package-level spec) that assigns
	list  ast.Node    // the block or clause whose statement list holds stmt; nil at package level
	why   string      // for an opaque assignment: what makes it opaque
	loop  bool        // the innermost control statement around it is a loop
}

// A Resolver resolves the SQL expressions of one package.
type Resolver struct {
	info    *types.Info
	assigns map[*types.Var][]assignment
	params  map[*types.Var]string     // parameters, with their function's name
	stored  map[*types.Var]*types.Var // a parameter stored into a field -> that field
	funcs   map[*types.Func]*ast.FuncDecl
	// Given, when set, answers the one value a struct field of the
	// package always holds though no constant of the package says so
	// (a constructor's parameter that every call in the module gives
	// one constant): the field's reads are that text, not its
	// placeholder.
	Given func(f *types.Var) (string, bool)
}

// New indexes the assignments of a package's files.
func New(info *types.Info, files []*ast.File) *Resolver {
	r := &Resolver{
		info:    info,
		assigns: make(map[*types.Var][]assignment),
		params:  make(map[*types.Var]string),
		stored:  make(map[*types.Var]*types.Var),
		funcs:   make(map[*types.Func]*ast.FuncDecl),
	}
	for _, f := range files {
		r.index(f)
	}
	return r
}

func (r *Resolver) record(id *ast.Ident, a assignment) {
	if v, ok := r.Object(id).(*types.Var); ok {
		r.assigns[v] = append(r.assigns[v], a)
	}
}

func (r *Resolver) index(f *ast.File) {
	var stack []ast.Node
	// list returns the block or clause that holds the statement at the top
	// of the stack.
	list := func() ast.Node {
		for i := len(stack) - 2; i >= 0; i-- {
			switch n := stack[i].(type) {
			case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
				return n
			case *ast.DeclStmt, *ast.GenDecl:
				continue
			default:
				return nil
			}
		}
		return nil
	}
	// loop reports whether the innermost control statement around the top
	// of the stack is a loop.
	loop := func() bool {
		for i := len(stack) - 2; i >= 0; i-- {
			switch stack[i].(type) {
			case *ast.ForStmt, *ast.RangeStmt:
				return true
			case *ast.IfStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt, *ast.FuncDecl, *ast.FuncLit:
				return false
			}
		}
		return false
	}
	var fn string
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		switch n := n.(type) {
		case *ast.FuncDecl:
			fn = n.Name.Name
			if obj, ok := r.info.Defs[n.Name].(*types.Func); ok {
				r.funcs[obj] = n
			}
			r.indexParams(fn, n.Type, n.Body)
		case *ast.FuncLit:
			r.indexParams(fn+" (a closure)", n.Type, n.Body)
		case *ast.ValueSpec:
			for i, id := range n.Names {
				a := assignment{op: token.VAR, stmt: n, list: list()}
				switch {
				case len(n.Values) == len(n.Names):
					a.value = n.Values[i]
				case len(n.Values) > 0:
					a.op, a.why = token.ILLEGAL, "assigned from a call with several results"
				}
				r.record(id, a)
			}
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				id, ok := ast.Unparen(lhs).(*ast.Ident)
				if !ok {
					continue
				}
				a := assignment{op: n.Tok, stmt: n, list: list(), loop: loop()}
				switch {
				case n.Tok == token.ADD_ASSIGN && len(n.Rhs) == 1:
					a.value = n.Rhs[0]
				case n.Tok != token.ASSIGN && n.Tok != token.DEFINE:
					a.op, a.why = token.ILLEGAL, "reassigned variable"
				case len(n.Rhs) == len(n.Lhs):
					a.value = n.Rhs[i]
				case i == 0 && len(n.Rhs) == 1:
					// q, args, err := sqlx.In(q, ids); stmt, err := db.Prepare(q):
					// the call stands for its first result.
					a.value = n.Rhs[0]
				default:
					a.op, a.why = token.ILLEGAL, "assigned from a call with several results"
				}
				r.record(id, a)
			}
		case *ast.UnaryExpr:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND {
				r.record(id, assignment{op: token.ILLEGAL, why: "its address is taken"})
			}
		case *ast.RangeStmt:
			for _, e := range []ast.Expr{n.Key, n.Value} {
				if id, ok := e.(*ast.Ident); ok {
					r.record(id, assignment{op: token.ILLEGAL, why: "assigned in a loop"})
				}
			}
		}
		return true
	})
}

// indexParams records a function's parameters, and the fields its body
// stores them into (a constructor: return &Queue{table: table}, or
// q.table = table).
func (r *Resolver) indexParams(fn string, typ *ast.FuncType, body *ast.BlockStmt) {
	for _, field := range typ.Params.List {
		for _, id := range field.Names {
			if v, ok := r.info.Defs[id].(*types.Var); ok {
				r.params[v] = fn
			}
		}
	}
	if body == nil {
		return
	}
	store := func(field, value ast.Expr) {
		id, ok := ast.Unparen(value).(*ast.Ident)
		if !ok {
			return
		}
		p, ok := r.info.Uses[id].(*types.Var)
		if !ok || r.params[p] == "" {
			return
		}
		var f *types.Var
		switch field := field.(type) {
		case *ast.Ident:
			f, _ = r.info.Uses[field].(*types.Var)
		case *ast.SelectorExpr:
			f, _ = r.info.Uses[field.Sel].(*types.Var)
		}
		if f != nil && f.IsField() {
			r.stored[p] = f
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CompositeLit:
			for _, elt := range n.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					store(kv.Key, kv.Value)
				}
			}
		case *ast.AssignStmt:
			if n.Tok == token.ASSIGN && len(n.Lhs) == len(n.Rhs) {
				for i := range n.Lhs {
					if _, ok := n.Lhs[i].(*ast.SelectorExpr); ok {
						store(n.Lhs[i], n.Rhs[i])
					}
				}
			}
		}
		return true
	})
}

// Object returns the object an identifier defines or uses.
func (r *Resolver) Object(id *ast.Ident) types.Object {
	if obj := r.info.Defs[id]; obj != nil {
		return obj
	}
	return r.info.Uses[id]
}

// Assigns returns every value assigned to v in the package, nil for an
// assignment whose value cannot be known (a result of several, &v, range).
func (r *Resolver) Assigns(v *types.Var) []ast.Expr {
	var out []ast.Expr
	for _, a := range r.assigns[v] {
		out = append(out, a.value)
	}
	return out
}

// Resolve returns the SQL text an expression builds.
func (r *Resolver) Resolve(e ast.Expr) Text {
	ps, err := r.pieces(e, frame{})
	if err != nil {
		return Text{Unread: err.Error()}
	}
	t, err := assemble(ps)
	if err != nil {
		return Text{Unread: err.Error()}
	}
	return t
}

// A Constant is one string constant a bound argument may hold.
type Constant struct {
	Value string
	// Obj is the Go constant that names Value, when Value is an integer
	// state of a named type (status.Processing for 2); nil otherwise.
	Obj *types.Const
	// At are the statements that assign it to the variable the argument
	// reads; nil when the argument is the constant itself.
	At []ast.Node
}

// Constants returns the string constants a bound argument holds: its
// value when it is a constant (a literal, a named constant, a typed string
// enum), or every value of a local variable assigned only constants, in
// value order. It returns nil when the argument may hold anything else.
func (r *Resolver) Constants(e ast.Expr) []Constant {
	tv, ok := r.info.Types[e]
	if !ok || !isString(tv.Type) {
		return nil
	}
	if tv.Value != nil {
		return []Constant{{Value: constant.StringVal(tv.Value)}}
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := r.info.Uses[id].(*types.Var)
	if !ok || v.IsField() || r.params[v] != "" || isGlobal(v) && v.Exported() {
		return nil
	}
	at := map[string][]ast.Node{}
	for _, a := range r.assigns[v] {
		if a.value == nil || a.op == token.ADD_ASSIGN {
			return nil
		}
		tv := r.info.Types[a.value]
		if tv.Value == nil || tv.Value.Kind() != constant.String {
			return nil
		}
		s := constant.StringVal(tv.Value)
		at[s] = append(at[s], a.stmt)
	}
	out := make([]Constant, 0, len(at))
	for s, nodes := range at {
		out = append(out, Constant{Value: s, At: nodes})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Value < out[j].Value })
	return out
}

func isGlobal(v *types.Var) bool {
	return v.Pkg() != nil && v.Parent() == v.Pkg().Scope()
}

type pieceKind int

const (
	pieceText   pieceKind = iota
	pieceIdent            // a placeholder, to be quoted as the text around it needs
	pieceQuoted           // a placeholder a quoting helper already quotes
	pieceNumber           // a number, to become a bind parameter
)

type piece struct {
	kind pieceKind
	text string   // pieceText: the text; pieceIdent, pieceQuoted: the placeholder
	expr ast.Expr // pieceNumber: the Go expression
	pos  token.Pos
	why  string // a placeholder's Go value, as the reason the SQL stays unread if it cannot stand as a name
}

// unread is why an expression could not be read.
type unread string

func (u unread) Error() string { return string(u) }

const maxDepth = 16

// A frame is where an expression is resolved: how deep, and, inside a
// helper function's body, what its parameters are bound to at the call.
type frame struct {
	depth int
	args  map[*types.Var]ast.Expr
	outer *frame // where the arguments are resolved
}

func (f frame) deeper() frame { f.depth++; return f }

func (r *Resolver) pieces(e ast.Expr, f frame) ([]piece, error) {
	if f.depth > maxDepth {
		return nil, unread("built through too many steps")
	}
	if tv, ok := r.info.Types[e]; ok && tv.Value != nil {
		if tv.Value.Kind() != constant.String {
			return nil, unread("not a string")
		}
		return []piece{{text: constant.StringVal(tv.Value), pos: literalPos(r.info, e)}}, nil
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return nil, unread("not a string")
		}
		x, err := r.pieces(e.X, f.deeper())
		if err != nil {
			return nil, err
		}
		y, err := r.pieces(e.Y, f.deeper())
		if err != nil {
			return nil, err
		}
		return append(x, y...), nil
	case *ast.CallExpr:
		return r.call(e, f)
	case *ast.Ident:
		v, ok := r.info.Uses[e].(*types.Var)
		if !ok {
			return nil, unread("not a string")
		}
		return r.variable(v, e, f)
	case *ast.SelectorExpr:
		if sel := r.info.Selections[e]; sel != nil {
			if sel.Kind() != types.FieldVal {
				return nil, unread("a method value")
			}
			if f, ok := sel.Obj().(*types.Var); ok && r.Given != nil {
				if v, ok := r.Given(f); ok {
					return []piece{{text: v}}, nil
				}
			}
			return r.hole(sel.Obj(), "a struct field")
		}
		if v, ok := r.info.Uses[e.Sel].(*types.Var); ok {
			return r.variable(v, e.Sel, f) // a package variable of another package
		}
	case *ast.IndexExpr:
		return nil, unread("an element of a slice or map")
	}
	return nil, unread(fmt.Sprintf("a %s expression", kindOf(e)))
}

func kindOf(e ast.Expr) string {
	s := fmt.Sprintf("%T", ast.Unparen(e))
	return s[len("*ast."):]
}

// hole is a placeholder for a string-valued Go object.
func (r *Resolver) hole(obj types.Object, why string) ([]piece, error) {
	if b, ok := obj.Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsString == 0 {
		return nil, unread("a Go value that is not a string")
	}
	name, ok := Placeholder(obj)
	if !ok {
		return nil, unread("a field of an unnamed struct")
	}
	return []piece{{kind: pieceIdent, text: name, why: why}}, nil
}

func (r *Resolver) variable(v *types.Var, use *ast.Ident, f frame) ([]piece, error) {
	if isGlobal(v) {
		as := r.assigns[v]
		// A package variable with one value, that no other package can
		// assign, stands for that value; any other stands for itself.
		if !v.Exported() && v.Pkg() != nil && len(as) == 1 && as[0].value != nil {
			if ps, err := r.pieces(as[0].value, f.deeper()); err == nil {
				return ps, nil
			}
		}
		switch {
		case v.Exported():
			return r.hole(v, "an exported package variable")
		case len(as) == 1:
			return r.hole(v, "a package variable with a value that is not read")
		}
		return r.hole(v, "reassigned variable")
	}
	if arg, ok := f.args[v]; ok {
		outer := *f.outer
		outer.depth = f.depth + 1
		return r.pieces(arg, outer)
	}
	if fn := r.params[v]; fn != "" {
		if f := r.stored[v]; f != nil {
			return r.hole(f, "a parameter of "+fn) // a constructor's argument, stored into a field
		}
		if len(r.assigns[v]) == 0 {
			return nil, unread("a parameter of " + fn)
		}
	}
	as := r.assigns[v]
	if len(as) == 0 {
		return nil, unread("a variable with no value")
	}
	for _, a := range as {
		if a.op == token.ILLEGAL {
			return nil, unread(a.why)
		}
	}
	if len(as) == 1 {
		if as[0].value == nil {
			return []piece{{text: ""}}, nil // var q string
		}
		return r.pieces(as[0].value, f.deeper())
	}
	return r.straightLine(as, use, f)
}

// straightLine folds the assignments of a variable declared and assembled
// in one block (q := "..."; q += "..."), read after all of them.
func (r *Resolver) straightLine(as []assignment, use *ast.Ident, f frame) ([]piece, error) {
	first := as[0]
	if first.op != token.DEFINE && first.op != token.VAR {
		return nil, unread("reassigned variable")
	}
	for _, a := range as[1:] {
		if a.list != first.list {
			if first.list != nil && a.stmt.Pos() > first.list.Pos() && a.stmt.End() <= first.list.End() {
				if a.loop {
					return nil, unread("assembled in a loop")
				}
				return nil, unread("assembled under a branch")
			}
			return nil, unread("reassigned variable")
		}
	}
	if first.list == nil || use.Pos() < first.stmt.End() || use.Pos() > first.list.End() {
		return nil, unread("reassigned variable")
	}
	// The value at the use is what the assignments before it made:
	// q = db.Rebind(q) reads the q of the line above.
	var out []piece
	for _, a := range as {
		if a.stmt.End() > use.Pos() {
			break
		}
		var ps []piece
		if a.value != nil {
			var err error
			if ps, err = r.pieces(a.value, f.deeper()); err != nil {
				return nil, err
			}
		}
		if a.op == token.ADD_ASSIGN {
			out = append(out, ps...)
		} else {
			out = ps
		}
	}
	return out, nil
}

// call resolves the calls that build SQL text.
func (r *Resolver) call(call *ast.CallExpr, f frame) ([]piece, error) {
	fn, _ := typeutil.Callee(r.info, call).(*types.Func)
	if fn == nil {
		return nil, unread("the result of a function value")
	}
	path := ""
	if fn.Pkg() != nil {
		path = fn.Pkg().Path()
	}
	switch name := fn.Name(); {
	case path == "fmt" && name == "Sprintf" && !call.Ellipsis.IsValid() && len(call.Args) > 0:
		return r.sprintf(call, f)
	case path == "fmt" && name == "Sprint" && len(call.Args) == 1,
		path == "strconv" && name == "Itoa" && len(call.Args) == 1,
		path == "strconv" && (name == "FormatInt" || name == "FormatUint") && len(call.Args) == 2:
		arg := call.Args[0]
		if isInteger(r.info.TypeOf(arg)) {
			return []piece{{kind: pieceNumber, expr: arg}}, nil
		}
		if name == "Sprint" {
			return r.pieces(arg, f.deeper())
		}
	case path == "github.com/lib/pq" && name == "QuoteIdentifier" && len(call.Args) == 1:
		return r.quoted(call.Args[0], f)
	case name == "Sanitize" && IsPgxIdentifier(fn):
		return r.sanitize(call, f)
	case name == "Rebind" && path == "github.com/jmoiron/sqlx" && len(call.Args) > 0:
		// db.Rebind(q), sqlx.Rebind(bindType, q): the same statement, its
		// ? placeholders renumbered; reading SQL renumbers them anyway.
		return r.pieces(call.Args[len(call.Args)-1], f.deeper())
	case name == "In" && path == "github.com/jmoiron/sqlx" && len(call.Args) > 0:
		return r.pieces(call.Args[0], f.deeper())
	}
	if decl := r.funcs[fn]; decl != nil && !call.Ellipsis.IsValid() {
		if e, params := helper(r.info, decl); e != nil && len(params) == len(call.Args) {
			// A helper of the package that returns one expression: its
			// parameters stand for the call's arguments.
			inner := frame{depth: f.depth + 1, args: map[*types.Var]ast.Expr{}, outer: &f}
			for i, p := range params {
				inner.args[p] = call.Args[i]
			}
			return r.pieces(e, inner)
		}
	}
	return nil, unread("the result of " + fn.Name())
}

// helper returns what a function of the package returns, and its
// parameters, when its body is one return of one expression, after
// definitions of locals:
// func (q *Queue) table() string { return q.schema + ".jobs" }, or
// func tableSQL(q *Queue, f string) string { return fmt.Sprintf(f, q.name) }.
func helper(info *types.Info, decl *ast.FuncDecl) (ast.Expr, []*types.Var) {
	if decl.Body == nil || len(decl.Body.List) == 0 {
		return nil, nil
	}
	list := decl.Body.List
	for _, st := range list[:len(list)-1] {
		// Locals defined on the way (sqlf := `...`) are read as any local.
		switch st := st.(type) {
		case *ast.DeclStmt:
		case *ast.AssignStmt:
			if st.Tok != token.DEFINE {
				return nil, nil
			}
		default:
			return nil, nil
		}
	}
	ret, ok := list[len(list)-1].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return nil, nil
	}
	var params []*types.Var
	for _, field := range decl.Type.Params.List {
		if _, ok := field.Type.(*ast.Ellipsis); ok {
			return nil, nil
		}
		if len(field.Names) == 0 {
			params = append(params, nil)
		}
		for _, id := range field.Names {
			v, _ := info.Defs[id].(*types.Var)
			params = append(params, v)
		}
	}
	return ret.Results[0], params
}

// quoted resolves the argument of a quoting helper: a constant is quoted
// as the helper does; a Go object becomes a placeholder, already quoted.
func (r *Resolver) quoted(e ast.Expr, f frame) ([]piece, error) {
	ps, err := r.pieces(e, f.deeper())
	if err != nil {
		return nil, err
	}
	if len(ps) == 1 {
		switch ps[0].kind {
		case pieceText:
			return []piece{{text: QuoteIdent(ps[0].text), pos: ps[0].pos}}, nil
		case pieceIdent:
			return []piece{{kind: pieceQuoted, text: ps[0].text, why: ps[0].why}}, nil
		}
	}
	return nil, unread("a quoted identifier built from several pieces")
}

// QuoteIdent quotes a name as PostgreSQL reads a quoted identifier (and as
// pgx.Identifier.Sanitize writes it).
func QuoteIdent(s string) string {
	out := []byte{'"'}
	for i := 0; i < len(s); i++ {
		if s[i] == '"' {
			out = append(out, '"')
		}
		if s[i] != 0 {
			out = append(out, s[i])
		}
	}
	return string(append(out, '"'))
}

// IsPgxIdentifier reports whether fn is a method of pgx's Identifier.
func IsPgxIdentifier(fn *types.Func) bool {
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil {
		return false
	}
	named, ok := recv.Type().(*types.Named)
	if !ok || named.Obj().Name() != "Identifier" || named.Obj().Pkg() == nil {
		return false
	}
	switch named.Obj().Pkg().Path() {
	case "github.com/jackc/pgx/v5", "github.com/jackc/pgx/v4":
		return true
	}
	return false
}

// sanitize resolves pgx.Identifier{a, b}.Sanitize(): "a"."b".
func (r *Resolver) sanitize(call *ast.CallExpr, f frame) ([]piece, error) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil, unread("the result of Sanitize")
	}
	x := ast.Unparen(sel.X)
	if id, ok := x.(*ast.Ident); ok {
		if v, ok := r.info.Uses[id].(*types.Var); ok && len(r.assigns[v]) == 1 && r.assigns[v][0].value != nil {
			x = ast.Unparen(r.assigns[v][0].value)
		}
	}
	lit, ok := x.(*ast.CompositeLit)
	if !ok || len(lit.Elts) == 0 {
		return nil, unread("the result of Sanitize on an identifier built elsewhere")
	}
	var out []piece
	for i, elt := range lit.Elts {
		if i > 0 {
			out = append(out, piece{text: "."})
		}
		ps, err := r.quoted(elt, f)
		if err != nil {
			return nil, err
		}
		out = append(out, ps...)
	}
	return out, nil
}

func isInteger(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

func isString(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// literalPos returns where a constant is written: the literal itself, or
// the declaration of the named constant.
func literalPos(info *types.Info, e ast.Expr) token.Pos {
	switch e := ast.Unparen(e).(type) {
	case *ast.BasicLit:
		return e.Pos()
	case *ast.Ident:
		if obj := info.Uses[e]; obj != nil {
			return obj.Pos()
		}
	case *ast.SelectorExpr:
		if obj := info.Uses[e.Sel]; obj != nil {
			return obj.Pos()
		}
	}
	return e.Pos()
}
