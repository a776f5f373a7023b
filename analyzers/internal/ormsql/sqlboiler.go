package ormsql

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
)

// sqlboiler (github.com/volatiletech/sqlboiler/v4) generates a package of
// models from the schema: a constructor per table that takes query mods
// (models.Jobs(qm.Where(...), qm.For("UPDATE SKIP LOCKED"))), a query type
// whose All, One, UpdateAll and DeleteAll send the statement the mods
// describe (queries.BuildQuery), where helpers per column
// (models.JobWhere.Status.EQ("queued")) and a model type whose Update and
// Delete write one loaded row by its primary key. The calls a queue makes
// are to the generated package, not to sqlboiler: what the generated code
// says (the table in the constructor's qm.From, the quoted column of each
// where helper, the column lists Update reads) is published as a Boiler
// fact by the package that holds it, and the reader rebuilds the statement
// from the facts and the mods. The text is sqlboiler's own, checked against
// queries.BuildQuery and strmangle in TestSQLBoilerMatchesSQLBoiler.

// Boiler is what sqlboiler's generated code says about a table, attached
// to the object that says it: the query constructor (Table, SoftDelete),
// a package variable of string fields (Fields: the where helpers' quoted
// columns in XWhere, the column names in XColumns), or a model type
// (Table, Columns, PK, InferSkip, Skip).
type Boiler struct {
	Table      string
	SoftDelete string
	Fields     []BoilerField // sorted by name (a fact's encoding must not vary)
	Columns    []string
	PK         []string
	InferSkip  []string // left out of an Update unless the columns are a whitelist (created_at)
	Skip       []string // always left out of an Update (generated columns)
	// Postgres says the package was generated for PostgreSQL: its
	// drivers.Dialect quotes with " and numbers parameters ($1). The
	// statements of a package generated for MySQL (backquotes, ?) or
	// another database are not PostgreSQL's and stay unread.
	Postgres bool
}

// A BoilerField is one string field of a generated variable.
type BoilerField struct{ Name, Value string }

func (*Boiler) AFact() {}

func (b *Boiler) field(name string) (string, bool) {
	for _, f := range b.Fields {
		if f.Name == name {
			return f.Value, true
		}
	}
	return "", false
}

func (b *Boiler) String() string {
	if b.Table != "" {
		return "sqlboiler table " + b.Table
	}
	return "sqlboiler fields"
}

// boilerPaths are sqlboiler's module paths: volatiletech's, and
// aarondl's, where its author carries it on under the same API.
var boilerPaths = []string{"github.com/volatiletech/sqlboiler", "github.com/aarondl/sqlboiler"}

// isBoilerPath reports whether path is sqlboiler's package sub (queries,
// queries/qm, boil...), in v4 or in the unversioned v3.
func isBoilerPath(path, sub string) bool {
	for _, p := range boilerPaths {
		if rest, ok := strings.CutPrefix(path, p); ok {
			return strings.TrimPrefix(rest, "/v4") == "/"+sub
		}
	}
	return false
}

// isNullPath reports whether path is the null package sqlboiler's models
// use for nullable columns.
func isNullPath(path string) bool {
	return strings.HasPrefix(path, "github.com/volatiletech/null") || strings.HasPrefix(path, "github.com/aarondl/null")
}

// boilerGenerated reports whether pkg imports sqlboiler's queries, as the
// package it generates does.
func boilerGenerated(pkg *types.Package) bool {
	for _, imp := range pkg.Imports() {
		if isBoilerPath(imp.Path(), "queries") {
			return true
		}
	}
	return false
}

// BoilerFacts returns what the package's sqlboiler-generated files say, by
// the object each fact belongs to; nil for a package that imports no
// sqlboiler query mods.
func BoilerFacts(info *types.Info, files []*ast.File) map[types.Object]*Boiler {
	var out map[types.Object]*Boiler
	add := func(obj types.Object, b *Boiler) {
		if out == nil {
			out = map[types.Object]*Boiler{}
		}
		out[obj] = b
	}
	var gen []*ast.File
	for _, f := range files {
		for _, imp := range f.Imports {
			if p, err := strconv.Unquote(imp.Path.Value); err == nil && isBoilerPath(p, "queries/qm") {
				gen = append(gen, f)
				break
			}
		}
	}
	lists := map[types.Object][]string{}
	pg := false
	for _, f := range gen {
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.CompositeLit); ok && isBoilerDialect(info.TypeOf(lit)) {
				pg = postgresDialect(info, lit)
			}
			return true
		})
	}
	for _, f := range gen {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				if len(vs.Names) != len(vs.Values) {
					continue
				}
				for i, v := range vs.Values {
					obj := info.Defs[vs.Names[i]]
					if obj == nil {
						continue
					}
					if l, ok := stringList(info, v); ok {
						lists[obj] = l
					} else if fields := stringFields(info, v); len(fields) > 0 {
						b := &Boiler{}
						for _, n := range slices.Sorted(maps.Keys(fields)) {
							b.Fields = append(b.Fields, BoilerField{n, fields[n]})
						}
						add(obj, b)
					}
				}
			}
		}
	}
	for _, f := range gen {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, ok := info.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			if fd.Recv == nil {
				if b := boilerConstructor(info, fn, fd); b != nil {
					add(fn, b)
				}
				continue
			}
			if fd.Name.Name != "Update" {
				continue
			}
			recv := fn.Signature().Recv().Type()
			ptr, ok := recv.(*types.Pointer)
			if !ok {
				continue
			}
			named, ok := ptr.Elem().(*types.Named)
			if !ok {
				continue
			}
			if b := boilerUpdate(info, fd, lists); b != nil {
				add(named.Obj(), b)
			}
		}
	}
	for _, b := range out {
		b.Postgres = pg
	}
	return out
}

func isBoilerDialect(t types.Type) bool {
	n, ok := t.(*types.Named)
	return ok && n.Obj().Name() == "Dialect" && n.Obj().Pkg() != nil && isBoilerPath(n.Obj().Pkg().Path(), "drivers")
}

// postgresDialect reports whether a drivers.Dialect literal is the one
// sqlboiler's psql driver generates: " quotes and $n parameters.
func postgresDialect(info *types.Info, lit *ast.CompositeLit) bool {
	quote, numbered := false, false
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		key, _ := kv.Key.(*ast.Ident)
		tv := info.Types[kv.Value]
		if key == nil || tv.Value == nil {
			continue
		}
		switch key.Name {
		case "LQ":
			v, ok := constant.Int64Val(tv.Value)
			quote = ok && v == '"'
		case "UseIndexPlaceholders":
			numbered = tv.Value.Kind() == constant.Bool && constant.BoolVal(tv.Value)
		}
	}
	return quote && numbered
}

// stringList reads []string{"a", "b"}.
func stringList(info *types.Info, e ast.Expr) ([]string, bool) {
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil, false
	}
	sl, ok := info.TypeOf(lit).(*types.Slice)
	if !ok || !types.Identical(sl.Elem(), types.Typ[types.String]) {
		return nil, false
	}
	out := []string{}
	for _, el := range lit.Elts {
		s, ok := constString(info, el)
		if !ok {
			return nil, false
		}
		out = append(out, s)
	}
	return out, true
}

func constString(info *types.Info, e ast.Expr) (string, bool) {
	tv := info.Types[e]
	if tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// stringFields reads a struct literal whose fields are strings
// (XColumns{Status: "status"}) or where helpers holding one
// (XWhere{Status: whereHelperstring{field: `"jobs"."status"`}}).
func stringFields(info *types.Info, e ast.Expr) map[string]string {
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil
	}
	if _, ok := info.TypeOf(lit).Underlying().(*types.Struct); !ok {
		return nil
	}
	out := map[string]string{}
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			return nil
		}
		key, ok := kv.Key.(*ast.Ident)
		if !ok {
			return nil
		}
		if s, ok := constString(info, kv.Value); ok {
			out[key.Name] = s
			continue
		}
		inner, ok := kv.Value.(*ast.CompositeLit)
		if !ok || len(inner.Elts) != 1 {
			return nil
		}
		ikv, ok := inner.Elts[0].(*ast.KeyValueExpr)
		if !ok {
			return nil
		}
		if id, ok := ikv.Key.(*ast.Ident); !ok || id.Name != "field" {
			return nil
		}
		s, ok := constString(info, ikv.Value)
		if !ok {
			return nil
		}
		out[key.Name] = s
	}
	return out
}

// boilerConstructor reads a generated constructor: a function of query
// mods whose body adds qm.From(table) (and, with soft deletes, a
// qmhelper.WhereIsNull of the deleted_at column).
func boilerConstructor(info *types.Info, fn *types.Func, fd *ast.FuncDecl) *Boiler {
	sig := fn.Signature()
	if !sig.Variadic() || sig.Params().Len() != 1 || sig.Results().Len() != 1 {
		return nil
	}
	if !isQueryMod(sig.Params().At(0).Type().(*types.Slice).Elem()) {
		return nil
	}
	b := &Boiler{}
	ok := true
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, isCall := n.(*ast.CallExpr)
		if !isCall || len(call.Args) != 1 {
			return true
		}
		callee, isFn := calleeOf(info, call)
		if !isFn || callee.Pkg() == nil {
			return true
		}
		s, isConst := constString(info, call.Args[0])
		switch {
		case isBoilerPath(callee.Pkg().Path(), "queries/qm") && callee.Name() == "From":
			if !isConst || b.Table != "" {
				ok = false
			}
			b.Table = s
		case isBoilerPath(callee.Pkg().Path(), "queries/qmhelper") && callee.Name() == "WhereIsNull":
			if !isConst {
				ok = false
			}
			b.SoftDelete = s
		}
		return true
	})
	if !ok || b.Table == "" {
		return nil
	}
	return b
}

func isQueryMod(t types.Type) bool {
	n, ok := t.(*types.Named)
	return ok && n.Obj().Name() == "QueryMod" && n.Obj().Pkg() != nil && isBoilerPath(n.Obj().Pkg().Path(), "queries/qm")
}

// boilerUpdate reads a model's generated Update: the column lists given to
// UpdateColumnSet, the columns set aside with strmangle.SetComplement
// (under !columns.IsWhitelist(): only when the columns are inferred), and
// the table in the UPDATE text.
func boilerUpdate(info *types.Info, fd *ast.FuncDecl, lists map[types.Object][]string) *Boiler {
	b := &Boiler{}
	ok := true
	listOf := func(e ast.Expr) ([]string, bool) {
		if l, isLit := stringList(info, e); isLit {
			return l, true
		}
		if id, isID := e.(*ast.Ident); isID {
			l, found := lists[info.Uses[id]]
			return l, found
		}
		return nil, false
	}
	inferOnly := map[*ast.CallExpr]bool{}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		ifs, isIf := n.(*ast.IfStmt)
		if !isIf || !strings.Contains(types.ExprString(ifs.Cond), "IsWhitelist()") {
			return true
		}
		ast.Inspect(ifs.Body, func(m ast.Node) bool {
			if c, isCall := m.(*ast.CallExpr); isCall {
				inferOnly[c] = true
			}
			return true
		})
		return true
	})
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, isCall := n.(*ast.CallExpr)
		if !isCall {
			return true
		}
		sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !isSel {
			return true
		}
		switch sel.Sel.Name {
		case "UpdateColumnSet":
			if len(call.Args) != 2 {
				ok = false
				return true
			}
			all, ok1 := listOf(call.Args[0])
			pk, ok2 := listOf(call.Args[1])
			if !ok1 || !ok2 || b.Columns != nil {
				ok = false
			}
			b.Columns, b.PK = all, pk
		case "SetComplement":
			if len(call.Args) != 2 {
				ok = false
				return true
			}
			l, found := listOf(call.Args[1])
			if !found {
				ok = false
			}
			if inferOnly[call] {
				b.InferSkip = append(b.InferSkip, l...)
			} else {
				b.Skip = append(b.Skip, l...)
			}
		case "Sprintf":
			if len(call.Args) == 0 {
				return true
			}
			s, isConst := constString(info, call.Args[0])
			if !isConst {
				return true
			}
			if rest, found := strings.CutPrefix(s, "UPDATE "); found {
				table, _, cut := strings.Cut(rest, " SET %s WHERE %s")
				if !cut || b.Table != "" {
					ok = false
				}
				b.Table = table
			}
		}
		return true
	})
	if !ok || b.Table == "" || len(b.Columns) == 0 || len(b.PK) == 0 {
		return nil
	}
	return b
}

// boilerMethods are the generated methods of a query that send its
// statement, by the model's method name (the P forms panic on error).
var boilerQueryMethods = map[string]string{
	"All": "Query", "AllP": "Query",
	"One": "QueryRow", "OneP": "QueryRow",
	"UpdateAll": "Exec", "UpdateAllP": "Exec",
	"DeleteAll": "Exec", "DeleteAllP": "Exec",
}

// boilerQueryUnread are the query's other methods that send SQL.
var boilerQueryUnread = map[string]bool{
	"Count": true, "CountP": true, "Exists": true, "ExistsP": true,
}

var boilerModelMethods = map[string]bool{
	"Update": true, "UpdateP": true, "Delete": true, "DeleteP": true,
	"Insert": true, "InsertP": true, "Upsert": true, "UpsertP": true, "Reload": true, "ReloadP": true,
}

// isBoilerQuery reports whether t is a generated query type: a struct
// that embeds *queries.Query.
func isBoilerQuery(t types.Type) bool {
	n, ok := t.(*types.Named)
	if !ok {
		return false
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok || st.NumFields() != 1 || !st.Field(0).Embedded() {
		return false
	}
	p, ok := st.Field(0).Type().(*types.Pointer)
	if !ok {
		return false
	}
	q, ok := p.Elem().(*types.Named)
	return ok && q.Obj().Name() == "Query" && q.Obj().Pkg() != nil && isBoilerPath(q.Obj().Pkg().Path(), "queries")
}

// executorIndex returns the SSA argument that is the executor a generated
// method runs on (a boil.ContextExecutor or boil.Executor parameter).
func executorIndex(sig *types.Signature) int {
	for i := range sig.Params().Len() {
		n, ok := sig.Params().At(i).Type().(*types.Named)
		if ok && n.Obj().Pkg() != nil && isBoilerPath(n.Obj().Pkg().Path(), "boil") &&
			(n.Obj().Name() == "ContextExecutor" || n.Obj().Name() == "Executor") {
			return i + 1 // after the receiver
		}
	}
	return -1
}

func readBoiler(r *Request) (Statement, bool) {
	sig := r.Callee.Signature()
	if sig.Recv() == nil || !boilerGenerated(r.Callee.Pkg()) {
		return Statement{}, false
	}
	exec := executorIndex(sig)
	if exec < 0 {
		return Statement{}, false
	}
	name := r.Callee.Name()
	recv := sig.Recv().Type()
	var st Statement
	onQuery := isBoilerQuery(recv)
	switch {
	case onQuery && boilerQueryMethods[name] != "":
		st.Method = boilerQueryMethods[name]
	case onQuery && boilerQueryUnread[name]:
		st.Method = "QueryRow"
		st.Unread = "sqlboiler's " + name + " is not read"
		return st, true
	case !onQuery && boilerModelMethods[name]:
		st.Method = "Exec"
	default:
		return Statement{}, false
	}
	instr := r.Effects.Call(r.Call)
	if instr == nil {
		st.Unread = "no SSA for the sqlboiler call"
		return st, true
	}
	args := instr.Common().Args
	if exec >= len(args) {
		st.Unread = "a sqlboiler call the tool does not read"
		return st, true
	}
	st.Handle = boilerHandle(r.Effects, instr, args[exec])
	st.ResultChecked = squirrelResultChecked(r)
	if !onQuery {
		return readBoilerModel(r, st, name, args), true
	}
	q := &boilerQuery{e: r.Effects, fact: r.ImportFact}
	q.read(args[0], instr)
	if q.unread != "" {
		st.Unread = q.unread
		return st, true
	}
	switch strings.TrimSuffix(name, "P") {
	case "One":
		q.limit = "1"
	case "UpdateAll":
		if exec+1 >= len(args) {
			st.Unread = "a sqlboiler UpdateAll the tool does not read"
			return st, true
		}
		q.sets(args[exec+1])
	case "DeleteAll":
		q.delete = true
	}
	if q.unread != "" {
		st.Unread = q.unread
		return st, true
	}
	st.SQL, st.Known = q.sql(), true
	st.Consts = q.consts
	return st, true
}

// boilerHandle says what a generated method's executor is: a transaction
// when the call runs in one the tool follows or the value passed is a
// *sql.Tx, a pool when it is a *sql.DB.
func boilerHandle(e *effects.Effects, instr ssa.CallInstruction, exec ssa.Value) Handle {
	if e.TxOf(instr) != nil {
		return HandleTx
	}
	if mi, ok := exec.(*ssa.MakeInterface); ok {
		exec = mi.X
	}
	switch effects.KindOf(exec.Type()) {
	case effects.KindPool:
		return HandleAutocommit
	case effects.KindTx:
		return HandleTx
	}
	return HandleUnknown
}

// readBoilerModel rebuilds a model's Update or Delete: one row by its
// primary key, with the columns the boil.Columns argument names.
func readBoilerModel(r *Request, st Statement, name string, args []ssa.Value) Statement {
	named, ok := types.Unalias(r.Callee.Signature().Recv().Type()).(*types.Pointer)
	if !ok {
		return Statement{}
	}
	model, ok := named.Elem().(*types.Named)
	if !ok {
		return Statement{}
	}
	var b Boiler
	if r.ImportFact == nil || !r.ImportFact(model.Obj(), &b) || b.Table == "" {
		st.Unread = "a sqlboiler model whose generated Update is out of sight"
		return st
	}
	if !b.Postgres {
		st.Unread = "a sqlboiler model generated for another database than PostgreSQL"
		return st
	}
	switch strings.TrimSuffix(name, "P") {
	case "Delete":
		st.SQL, st.Known = "DELETE FROM "+b.Table+" WHERE "+boilerWhereClause(1, b.PK), true
		return st
	case "Update":
	default:
		st.Unread = "sqlboiler's " + name + " is not read"
		return st
	}
	cols, why := boilerColumns(r, args[len(args)-1], &b)
	if why != "" {
		st.Unread = why
		return st
	}
	cols = slices.DeleteFunc(cols, func(c string) bool { return slices.Contains(b.Skip, c) })
	if len(cols) == 0 {
		st.Unread = "a sqlboiler Update with no columns"
		return st
	}
	assigned := boilerAssigned(r, model)
	sets := make([]string, len(cols))
	for i, c := range cols {
		sets[i] = `"` + c + `"=$` + strconv.Itoa(i+1)
		if v, ok := assigned[c]; ok {
			if st.Consts == nil {
				st.Consts = map[int]string{}
			}
			st.Consts[i+1] = v
		}
	}
	st.SQL = "UPDATE " + b.Table + " SET " + strings.Join(sets, ",") + " WHERE " + boilerWhereClause(len(cols)+1, b.PK)
	st.Known = true
	return st
}

// boilerWhereClause is strmangle.WhereClause with PostgreSQL's quotes.
func boilerWhereClause(start int, cols []string) string {
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = `"` + c + `"=$` + strconv.Itoa(start+i)
	}
	return strings.Join(out, " AND ")
}

// boilerColumns returns the columns an Update sets for the boil.Columns
// value passed: boil.Infer() sets every column but the key and those set
// aside for inference, boil.Whitelist(...) the ones named.
func boilerColumns(r *Request, v ssa.Value, b *Boiler) ([]string, string) {
	call, ok := v.(*ssa.Call)
	if !ok {
		return nil, "boil.Columns the tool cannot follow"
	}
	fn := call.Common().StaticCallee()
	if fn == nil || fn.Pkg == nil && fn.Object() == nil {
		return nil, "boil.Columns the tool cannot follow"
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Pkg() == nil || !isBoilerPath(obj.Pkg().Path(), "boil") {
		return nil, "boil.Columns the tool cannot follow"
	}
	switch obj.Name() {
	case "Infer":
		var out []string
		for _, c := range b.Columns {
			if !slices.Contains(b.PK, c) && !slices.Contains(b.InferSkip, c) {
				out = append(out, c)
			}
		}
		return out, ""
	case "Whitelist":
		els, why := boilerElems(call.Common().Args[0])
		if why != "" {
			return nil, why
		}
		var out []string
		for _, el := range els {
			s, ok := boilerString(r.Effects, r.ImportFact, el)
			if !ok {
				return nil, "a whitelisted column that is not a constant"
			}
			out = append(out, s)
		}
		return out, ""
	}
	return nil, "boil." + obj.Name() + " columns are not read"
}

// A boilerQuery is what the mods of a generated query say.
type boilerQuery struct {
	e      *effects.Effects
	fact   FactImporter
	table  string
	sel    []string
	wheres []string
	ors    []bool
	orders []string
	limit  string
	offset string
	lock   string
	set    []string // UpdateAll's columns, sorted
	delete bool
	nparam int
	consts map[int]string
	unread string
}

func (q *boilerQuery) fail(why string) {
	if q.unread == "" {
		q.unread = why
	}
}

// read follows the query a method is called on to the generated
// constructor that made it, and reads the constructor's mods.
func (q *boilerQuery) read(v ssa.Value, user ssa.Instruction) {
	call, ok := v.(*ssa.Call)
	if !ok {
		q.fail("a sqlboiler query the tool cannot follow to its constructor")
		return
	}
	for _, ref := range *call.Referrers() {
		if _, debug := ref.(*ssa.DebugRef); !debug && ref != user {
			q.fail("a sqlboiler query changed or used in more than one place")
			return
		}
	}
	fn := call.Common().StaticCallee()
	if fn == nil || fn.Signature.Recv() != nil || len(call.Common().Args) != 1 {
		q.fail("a sqlboiler query made by a call the tool does not read")
		return
	}
	var b Boiler
	obj, ok := fn.Object().(*types.Func)
	if !ok || q.fact == nil || !q.fact(obj, &b) || b.Table == "" {
		q.fail("a sqlboiler query whose generated constructor is out of sight")
		return
	}
	if !b.Postgres {
		q.fail("a sqlboiler model generated for another database than PostgreSQL")
		return
	}
	q.table = b.Table
	mods, why := boilerElems(call.Common().Args[0])
	if why != "" {
		q.fail(why)
		return
	}
	deleted := false
	for _, m := range mods {
		if q.mod(m) {
			deleted = true
		}
	}
	if b.SoftDelete != "" && !deleted {
		q.where(b.SoftDelete+" is null", false, nil)
	}
}

// boilerElems returns the values of a variadic slice argument: the
// elements stored in the array it was sliced from, and those of append
// calls on it.
func boilerElems(v ssa.Value) ([]ssa.Value, string) {
	switch v := v.(type) {
	case *ssa.Const:
		if v.Value == nil {
			return nil, ""
		}
	case *ssa.Slice:
		for _, ref := range *v.Referrers() {
			switch ref.(type) {
			case *ssa.Call, *ssa.DebugRef:
			default:
				return nil, "query mods changed after they are made"
			}
		}
		alloc, ok := v.X.(*ssa.Alloc)
		if !ok || v.Low != nil || v.High != nil {
			break
		}
		arr, ok := alloc.Type().(*types.Pointer).Elem().(*types.Array)
		if !ok {
			break
		}
		out := make([]ssa.Value, arr.Len())
		for _, ref := range *alloc.Referrers() {
			switch ref := ref.(type) {
			case *ssa.Slice, *ssa.DebugRef:
				continue
			case *ssa.IndexAddr:
				c, ok := ref.Index.(*ssa.Const)
				if !ok {
					return nil, "query mods the tool cannot follow"
				}
				i, _ := constant.Int64Val(c.Value)
				for _, use := range *ref.Referrers() {
					st, ok := use.(*ssa.Store)
					if !ok || st.Addr != ref || i < 0 || i >= arr.Len() || out[i] != nil {
						return nil, "query mods the tool cannot follow"
					}
					out[i] = st.Val
				}
			default:
				return nil, "query mods the tool cannot follow"
			}
		}
		for _, m := range out {
			if m == nil {
				return nil, "query mods the tool cannot follow"
			}
		}
		return out, ""
	case *ssa.Call:
		if b, ok := v.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" && len(v.Call.Args) == 2 {
			base, why := boilerElems(v.Call.Args[0])
			if why != "" {
				return nil, why
			}
			more, why := boilerElems(v.Call.Args[1])
			if why != "" {
				return nil, why
			}
			return append(base, more...), ""
		}
	}
	return nil, "query mods the tool cannot follow"
}

// boilerString returns the string a value holds: a constant, or a field of
// a generated variable of strings (models.JobColumns.Status).
func boilerString(e *effects.Effects, fact FactImporter, v ssa.Value) (string, bool) {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	if s, ok := boilerField(fact, v); ok {
		return s, true
	}
	return oneText(e, v)
}

// boilerField reads a load of a field of a generated package variable
// (models.JobWhere.Status, models.JobColumns.Status) from its fact.
func boilerField(fact FactImporter, v ssa.Value) (string, bool) {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL || fact == nil {
		return "", false
	}
	fa, ok := load.X.(*ssa.FieldAddr)
	if !ok {
		return "", false
	}
	g, ok := fa.X.(*ssa.Global)
	if !ok || g.Object() == nil {
		return "", false
	}
	st, ok := g.Type().(*types.Pointer).Elem().Underlying().(*types.Struct)
	if !ok {
		return "", false
	}
	var b Boiler
	if !fact(g.Object(), &b) {
		return "", false
	}
	return b.field(st.Field(fa.Field).Name())
}

// where adds a WHERE expression whose ? parameters are bound to args in
// turn; a string constant among them is recorded as the parameter's value.
func (q *boilerQuery) where(clause string, or bool, args []ssa.Value) {
	text, n := boilerQuestionMarks(clause, q.nparam+1)
	if args != nil && n != len(args) {
		q.fail("a sqlboiler where clause whose ? do not match its arguments")
		return
	}
	for i, a := range args {
		if mi, ok := a.(*ssa.MakeInterface); ok {
			a = mi.X
		}
		if c, ok := a.(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.String {
			if q.consts == nil {
				q.consts = map[int]string{}
			}
			q.consts[q.nparam+1+i] = constant.StringVal(c.Value)
		}
	}
	q.nparam += n
	q.wheres = append(q.wheres, text)
	q.ors = append(q.ors, or)
}

// boilerQuestionMarks is sqlboiler's convertQuestionMarks: each ? becomes
// $n from start on, and \? stands for a ?.
func boilerQuestionMarks(clause string, start int) (string, int) {
	var b strings.Builder
	n := 0
	for i := 0; i < len(clause); i++ {
		switch {
		case clause[i] == '\\' && i+1 < len(clause) && clause[i+1] == '?':
			b.WriteByte('?')
			i++
		case clause[i] == '?':
			b.WriteString("$" + strconv.Itoa(start+n))
			n++
		default:
			b.WriteByte(clause[i])
		}
	}
	return b.String(), n
}

// mod reads one query mod; it reports whether the mod is qm.WithDeleted.
func (q *boilerQuery) mod(v ssa.Value) bool {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		q.fail("a query mod the tool cannot follow")
		return false
	}
	fn := call.Common().StaticCallee()
	if fn == nil {
		q.fail("a query mod the tool cannot follow")
		return false
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Pkg() == nil {
		q.fail("a query mod the tool cannot follow")
		return false
	}
	args := call.Common().Args
	path := obj.Pkg().Path()
	switch {
	case isBoilerPath(path, "queries/qm"):
		return q.qm(obj.Name(), args)
	case isBoilerPath(path, "queries/qmhelper"):
		q.helper(obj.Name(), args)
	case obj.Signature().Recv() != nil && strings.HasPrefix(recvName(obj), "whereHelper") && len(args) > 0:
		col, ok := boilerField(q.fact, args[0])
		if !ok {
			q.fail("a where helper whose column is out of sight")
			return false
		}
		q.whereHelper(col, obj, args[1:])
	default:
		q.fail("a query mod made by " + obj.Name())
	}
	return false
}

func recvName(fn *types.Func) string {
	t := fn.Signature().Recv().Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := t.(*types.Named); ok {
		return n.Obj().Name()
	}
	return ""
}

var boilerOps = map[string]string{"EQ": "=", "NEQ": "!=", "LT": "<", "LTE": "<=", "GT": ">", "GTE": ">="}

// whereHelper reads a generated where helper's method on a column.
func (q *boilerQuery) whereHelper(col string, fn *types.Func, args []ssa.Value) {
	name := fn.Name()
	switch name {
	case "IsNull":
		q.where(col+" is null", false, nil)
		return
	case "IsNotNull":
		q.where(col+" is not null", false, nil)
		return
	case "LIKE":
		q.where(col+" LIKE ?", false, args)
		return
	case "NLIKE":
		q.where(col+" NOT LIKE ?", false, args)
		return
	case "ILIKE":
		q.where(col+" ILIKE ?", false, args)
		return
	case "NILIKE":
		q.where(col+" NOT ILIKE ?", false, args)
		return
	}
	op, ok := boilerOps[name]
	if !ok || len(args) != 1 {
		q.fail("the where helper " + name + " is not read")
		return
	}
	if (name == "EQ" || name == "NEQ") && boilerNullable(fn.Signature().Params().At(0).Type()) && !notNull(args[0]) {
		// WhereNullEQ writes "is null" for a null value and "= ?" for
		// another: the value decides at run time.
		q.fail("a nullable column compared with a value that may be null")
		return
	}
	q.where(col+" "+op+" ?", false, args)
}

// boilerNullable reports whether a where helper's value may be null (a
// type of github.com/volatiletech/null or a pointer).
func boilerNullable(t types.Type) bool {
	if _, ok := t.(*types.Pointer); ok {
		return true
	}
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != nil && isNullPath(n.Obj().Pkg().Path())
}

// notNull reports whether a null value is made by null's XFrom, which is
// never null.
func notNull(v ssa.Value) bool {
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	fn := call.Common().StaticCallee()
	if fn == nil || fn.Pkg == nil && fn.Object() == nil {
		return false
	}
	obj, ok := fn.Object().(*types.Func)
	return ok && obj.Pkg() != nil && isNullPath(obj.Pkg().Path()) &&
		strings.HasSuffix(obj.Name(), "From") && obj.Signature().Recv() == nil
}

// helper reads qmhelper's Where, WhereIsNull and WhereIsNotNull.
func (q *boilerQuery) helper(name string, args []ssa.Value) {
	if len(args) == 0 {
		q.fail("qmhelper." + name + " is not read")
		return
	}
	col, ok := boilerString(q.e, q.fact, args[0])
	if !ok {
		q.fail("a qmhelper column that is not a constant")
		return
	}
	switch name {
	case "WhereIsNull":
		q.where(col+" is null", false, nil)
	case "WhereIsNotNull":
		q.where(col+" is not null", false, nil)
	case "Where":
		op, ok := oneText(q.e, args[1])
		if !ok || len(args) != 3 {
			q.fail("a qmhelper operator that is not a constant")
			return
		}
		q.where(col+" "+op+" ?", false, args[2:])
	default:
		q.fail("qmhelper." + name + " is not read")
	}
}

// qm reads one of qm's mods; it reports whether it is WithDeleted.
func (q *boilerQuery) qm(name string, args []ssa.Value) bool {
	text := func() (string, bool) {
		if len(args) == 0 {
			return "", false
		}
		s, ok := boilerString(q.e, q.fact, args[0])
		if !ok {
			q.fail("the text of qm." + name + " is not a constant")
		}
		return s, ok
	}
	switch name {
	case "WithDeleted":
		return true
	case "Load":
		// Eager loading sends its own queries after the main one, which
		// it leaves as it is.
	case "Where", "And", "Or":
		s, ok := text()
		if !ok {
			return false
		}
		var params []ssa.Value
		if len(args) > 1 {
			els, why := boilerElems(args[1])
			if why != "" {
				q.fail(why)
				return false
			}
			params = els
		}
		if params == nil {
			params = []ssa.Value{}
		}
		q.where(s, name == "Or", params)
	case "OrderBy":
		s, ok := text()
		if !ok {
			return false
		}
		if els, why := boilerElems(args[1]); why != "" || len(els) > 0 {
			q.fail("a qm.OrderBy with arguments")
			return false
		}
		q.orders = append(q.orders, s)
	case "For":
		s, ok := text()
		if !ok {
			return false
		}
		q.lock = s
	case "Limit", "Offset":
		n := "?"
		if c, ok := args[0].(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.Int {
			n = c.Value.ExactString()
		}
		if n == "?" {
			// sqlboiler formats the number into the text: one that is not
			// a constant reads as a parameter after the others.
			q.fail("a sqlboiler " + name + " that is not a constant")
			return false
		}
		if name == "Limit" {
			q.limit = n
		} else {
			q.offset = n
		}
	case "Select":
		els, why := boilerElems(args[0])
		if why != "" {
			q.fail(why)
			return false
		}
		for _, el := range els {
			s, ok := boilerString(q.e, q.fact, el)
			if !ok || !isPlainIdent(s) {
				q.fail("a qm.Select column the tool does not read")
				return false
			}
			q.sel = append(q.sel, `"`+s+`"`)
		}
	default:
		q.fail("qm." + name + " is not read")
	}
	return false
}

func isPlainIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, c := range s {
		if !(c == '_' || 'a' <= c && c <= 'z' || i > 0 && '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

// sets reads UpdateAll's models.M{"column": value}: a map literal with
// constant keys, set in the order of their names.
func (q *boilerQuery) sets(v ssa.Value) {
	if conv, ok := v.(*ssa.ChangeType); ok {
		v = conv.X
	}
	mm, ok := v.(*ssa.MakeMap)
	if !ok {
		q.fail("UpdateAll's columns the tool cannot follow")
		return
	}
	vals := map[string]ssa.Value{}
	for _, ref := range *mm.Referrers() {
		switch ref := ref.(type) {
		case *ssa.MapUpdate:
			k, ok := ref.Key.(*ssa.Const)
			if !ok || k.Value == nil || k.Value.Kind() != constant.String {
				q.fail("UpdateAll's columns that are not constants")
				return
			}
			vals[constant.StringVal(k.Value)] = ref.Value
		case *ssa.DebugRef, *ssa.ChangeType, *ssa.Call:
		default:
			q.fail("UpdateAll's columns the tool cannot follow")
			return
		}
	}
	if len(vals) == 0 {
		q.fail("UpdateAll's columns the tool cannot follow")
		return
	}
	names := make([]string, 0, len(vals))
	for n := range vals {
		names = append(names, n)
	}
	sort.Strings(names)
	// The SET parameters come first: the WHERE's are numbered after them.
	old := q.consts
	q.consts = nil
	for i, n := range names {
		if !isPlainIdent(n) {
			q.fail("an UpdateAll column the tool does not read")
			return
		}
		q.set = append(q.set, `"`+n+`" = $`+strconv.Itoa(i+1))
		val := vals[n]
		if mi, ok := val.(*ssa.MakeInterface); ok {
			val = mi.X
		}
		if c, ok := val.(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.String {
			if q.consts == nil {
				q.consts = map[int]string{}
			}
			q.consts[i+1] = constant.StringVal(c.Value)
		}
	}
	shift := len(names)
	for i := range q.wheres {
		q.wheres[i] = shiftParams(q.wheres[i], shift)
	}
	for k, s := range old {
		if q.consts == nil {
			q.consts = map[int]string{}
		}
		q.consts[k+shift] = s
	}
}

// shiftParams renumbers $n as $(n+by).
func shiftParams(s string, by int) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '$' {
			b.WriteByte(s[i])
			continue
		}
		j := i + 1
		for j < len(s) && '0' <= s[j] && s[j] <= '9' {
			j++
		}
		if j == i+1 {
			b.WriteByte('$')
			continue
		}
		n, _ := strconv.Atoi(s[i+1 : j])
		b.WriteString("$" + strconv.Itoa(n+by))
		i = j - 1
	}
	return b.String()
}

// sql writes the statement as sqlboiler's query builders do.
func (q *boilerQuery) sql() string {
	var b strings.Builder
	switch {
	case q.delete:
		b.WriteString("DELETE FROM " + q.table)
	case q.set != nil:
		b.WriteString("UPDATE " + q.table + " SET " + strings.Join(q.set, ", "))
	default:
		sel := q.table + ".*"
		if len(q.sel) > 0 {
			sel = strings.Join(q.sel, ", ")
		}
		b.WriteString("SELECT " + sel + " FROM " + q.table)
	}
	for i, w := range q.wheres {
		switch {
		case i == 0:
			b.WriteString(" WHERE ")
		case q.ors[i]:
			b.WriteString(" OR ")
		default:
			b.WriteString(" AND ")
		}
		b.WriteString("(" + w + ")")
	}
	if len(q.orders) > 0 {
		b.WriteString(" ORDER BY " + strings.Join(q.orders, ", "))
	}
	if q.limit != "" {
		b.WriteString(" LIMIT " + q.limit)
	}
	if q.offset != "" && q.offset != "0" {
		b.WriteString(" OFFSET " + q.offset)
	}
	if q.lock != "" {
		b.WriteString(" FOR " + q.lock)
	}
	b.WriteByte(';')
	return b.String()
}

// boilerAssigned returns the string constants the code stores in the
// model's fields before it calls Update on it (email.Status = "sent"), by
// column (the field's boil tag): the values the Update binds to them. An
// assignment counts when it is a statement of a block that holds the
// call, on the variable the call is made on, the last such before it.
func boilerAssigned(r *Request, model *types.Named) map[string]string {
	sel, ok := ast.Unparen(r.Call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	recv, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return nil
	}
	v := r.Info.Uses[recv]
	st, ok := model.Underlying().(*types.Struct)
	if v == nil || !ok {
		return nil
	}
	columns := map[string]string{}
	for i := range st.NumFields() {
		tag := reflect.StructTag(st.Tag(i)).Get("boil")
		if name, _, _ := strings.Cut(tag, ","); name != "" && name != "-" {
			columns[st.Field(i).Name()] = name
		}
	}
	var body ast.Node
	for c := range r.Cursor.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		body = c.Node()
		break
	}
	if body == nil {
		return nil
	}
	out := map[string]string{}
	ast.Inspect(body, func(n ast.Node) bool {
		block, ok := n.(*ast.BlockStmt)
		if !ok || r.Call.Pos() < block.Pos() || r.Call.Pos() >= block.End() {
			return true
		}
		for _, s := range block.List {
			if s.Pos() >= r.Call.Pos() {
				break
			}
			as, ok := s.(*ast.AssignStmt)
			if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
				continue
			}
			for i, lhs := range as.Lhs {
				ls, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
				if !ok {
					continue
				}
				x, ok := ast.Unparen(ls.X).(*ast.Ident)
				col, known := columns[ls.Sel.Name]
				if !ok || r.Info.Uses[x] != v || !known {
					continue
				}
				if val, ok := constString(r.Info, as.Rhs[i]); ok {
					out[col] = val
				} else {
					delete(out, col)
				}
			}
		}
		return true
	})
	return out
}
