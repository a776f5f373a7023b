package ormsql

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
)

// go-pg (github.com/go-pg/pg/v10) builds a statement from a chain that
// starts at a database value's Model(...) and sends it with Select,
// Update, Insert or Delete; its DB and Tx also run SQL text (Exec, Query,
// QueryOne and their Context forms), formatting `?` placeholders as bun
// does. The chain is read as bun's is (see bun.go), in go-pg's dialect:
// gopg_test checks each form against go-pg's own formatter.

const (
	gopgPath    = "github.com/go-pg/pg/v10"
	gopgORMPath = "github.com/go-pg/pg/v10/orm"
)

var gopgDialect = &dialect{name: "go-pg", tag: "pg", defaultPK: true}

func readGoPG(r *Request) (Statement, bool) {
	sig := r.Callee.Type().(*types.Signature)
	if sig.Recv() == nil {
		return Statement{}, false
	}
	name := r.Callee.Name()
	if r.Callee.Pkg().Path() == gopgPath {
		return readGoPGText(r, name)
	}
	if r.Callee.Pkg().Path() != gopgORMPath || typeName(sig.Recv().Type()) != "Query" {
		return Statement{}, false
	}
	st := Statement{Handle: gopgHandle(r), ResultChecked: resultKept(r.Cursor)}
	switch name {
	case "Select":
		st.Method = "Query"
	case "Update", "Insert", "Delete":
		st.Method = "Exec"
	case "SelectAndCount", "Count", "Exists", "First", "Last", "ForEach", "SelectOrInsert", "UpdateNotZero", "ForceDelete":
		st.Method = "Query"
		st.Unread = "go-pg's " + name + " is not read"
		return st, true
	default:
		return Statement{}, false
	}
	// The values of Update, Insert and Delete are where go-pg scans what
	// the statement returns (v10's newModel makes them a scan model): the
	// SQL is the chain's. Select's values change the columns it selects.
	if len(r.Call.Args) > 0 && name == "Select" {
		st.Unread = "go-pg's " + name + " with values is not read"
		return st, true
	}
	steps, root, why := chain(r, gopgFunc, isGoPGModel)
	if why != "" {
		st.Unread = why
		return st, true
	}
	b := &bunBuilder{r: r, d: gopgDialect, argsKnown: true}
	var model ast.Expr
	steps, why = withModelStep(steps, root)
	if why != "" {
		st.Unread = why
		return st, true
	}
	switch name {
	case "Select":
		model = b.selectSQL(steps)
	case "Update":
		b.updateSQL(steps)
	case "Insert":
		b.insertSQL(steps)
	case "Delete":
		b.deleteSQL(steps)
	}
	if b.unread != "" {
		st.Unread = strings.ReplaceAll(b.unread, "bun's", "go-pg's")
		return st, true
	}
	st.SQL, st.Known = b.sql.String(), true
	if b.argsKnown {
		st.Args = b.args
	}
	if model != nil {
		st.ScanArgs = []ast.Expr{model}
	}
	return st, true
}

// readGoPGText reads SQL text run by go-pg's DB or Tx.
func readGoPGText(r *Request, name string) (Statement, bool) {
	method := strings.TrimSuffix(name, "Context")
	idx := 0
	if method != name {
		idx = 1
	}
	switch method {
	case "Exec":
	case "Query", "QueryOne":
		idx++ // after the model the rows go to
	default:
		return Statement{}, false
	}
	if idx >= len(r.Call.Args) {
		return Statement{}, false
	}
	st := Statement{Method: method, Handle: gopgHandle(r), SQLExpr: r.Call.Args[idx], ResultChecked: resultKept(r.Cursor)}
	if method != "Exec" {
		st.Method = "Query"
		st.ScanArgs = []ast.Expr{r.Call.Args[idx-1]}
	}
	instr := r.Effects.Call(r.Call)
	if instr == nil {
		st.Unread = "the call is not in the SSA form"
		return st, true
	}
	text, ok := onlyText(r.Effects.Strings(effects.Arg(instr, idx)))
	if !ok {
		st.Unread = "the SQL text is not one known string"
		return st, true
	}
	b := &bunBuilder{r: r, d: gopgDialect, argsKnown: true}
	var args []ast.Expr
	if !r.Call.Ellipsis.IsValid() {
		args = r.Call.Args[idx+1:]
	}
	b.placeholders(text, args, !r.Call.Ellipsis.IsValid())
	if b.unread != "" {
		st.Unread = strings.ReplaceAll(b.unread, "bun's", "go-pg's")
		return st, true
	}
	st.SQL, st.Known = b.sql.String(), true
	if b.argsKnown {
		st.Args = b.args
	}
	return st, true
}

func gopgHandle(r *Request) Handle { return bunHandle(r) }

// isGoPGModel reports whether a function starts a go-pg chain: the Model
// or ModelContext method of its DB, Tx and Conn, or of the interfaces
// that stand for them (pg.DBI, orm.DB), which return a new *orm.Query.
func isGoPGModel(fn *types.Func) bool {
	if fn.Name() != "Model" && fn.Name() != "ModelContext" || fn.Pkg() == nil {
		return false
	}
	if p := fn.Pkg().Path(); p != gopgPath && p != gopgORMPath {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || sig.Results().Len() != 1 || !isGoPGQuery(sig.Results().At(0).Type()) {
		return false
	}
	return !isGoPGQuery(sig.Recv().Type())
}

// isGoPGQuery reports whether t is *orm.Query (pg.Query is an alias).
func isGoPGQuery(t types.Type) bool {
	p, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == gopgORMPath && n.Obj().Name() == "Query"
}

// withModelStep puts the model a chain's Model (ModelContext) call is
// given first among its steps, as a step of its own for the builder; a
// call given none leaves the steps as they are.
func withModelStep(steps []bunStep, root bunStep) ([]bunStep, string) {
	skip := 0
	if root.name == "ModelContext" {
		skip = 1
	}
	if root.src == nil || root.src.Ellipsis.IsValid() || len(root.src.Args) > skip+1 || len(root.src.Args) < skip {
		return nil, "go-pg's Model is given no one model"
	}
	if len(root.src.Args) == skip+1 {
		steps = append([]bunStep{{name: "Model", call: root.call, src: root.src, modelArg: skip}}, steps...)
	}
	return steps, ""
}

// gopgSubquery writes a go-pg query given as an argument of a clause
// (Where("id = (?)", db.Model(...)...Limit(1))), which go-pg writes as the
// SELECT it would send; one it cannot read leaves the statement unread.
func (b *bunBuilder) gopgSubquery(v ssa.Value) {
	if b.d != gopgDialect {
		b.fail("a go-pg query given to bun")
		return
	}
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	if v == nil {
		b.fail("a go-pg subquery out of sight")
		return
	}
	steps, root, why := chainFrom(b.r, v, gopgFunc, isGoPGModel)
	if why == "" {
		steps, why = withModelStep(steps, root)
	}
	if why != "" {
		b.fail("a go-pg subquery: %s", why)
		return
	}
	sub := &bunBuilder{r: b.r, d: b.d, argsKnown: b.argsKnown, args: b.args}
	sub.selectSQL(steps)
	if sub.unread != "" {
		b.fail("a go-pg subquery: %s", sub.unread)
		return
	}
	b.sql.WriteString(sub.sql.String())
	b.args, b.argsKnown = sub.args, sub.argsKnown
}

// gopgFunc reports whether an SSA function is go-pg's.
func gopgFunc(fn *ssa.Function) bool {
	if fn == nil {
		return false
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Pkg() == nil {
		return false
	}
	return obj.Pkg().Path() == gopgPath || obj.Pkg().Path() == gopgORMPath
}
