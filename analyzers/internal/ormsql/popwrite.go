package ormsql

import (
	"go/ast"
	"go/constant"
	"go/types"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/internal/sqltext"
)

// An application on pop may write a model with a helper of its own
// rather than pop's Update: it asks pop's model API for the table, the
// alias, the key and the columns (pop.NewModel(v, ctx).TableName(),
// columns.Columns's QuotedUpdateString), splices them into an UPDATE with
// fmt.Sprintf and sends it through the connection's store
// (c.Store.NamedExecContext(ctx, stmt, v)). The reader reads such a
// helper through what it does: each hole of its format must be one of
// those calls on the model the helper is given, and the statement of a
// call of the helper is that format with the caller's model and column
// names in the holes. A helper it cannot read this way is no helper.

// PopModelWrite is the fact that a function sends an UPDATE it builds
// from pop's model API over the model it is given.
type PopModelWrite struct {
	// Template is the statement with its holes named popHoles' way.
	Template string
	Model    int // the parameter that holds the model
	// Names is the variadic parameter of column names the SET list may be
	// made of (columns.Columns's Add(names...)), -1 when none.
	Names int
	// NamedSet and AllSet say what the SET list may be: the caller's
	// names, and every writeable column of the model
	// (columns.ForStructWithAlias); a helper that chooses on a condition
	// may be both.
	NamedSet, AllSet bool
}

func (*PopModelWrite) AFact() {}

func (w *PopModelWrite) String() string { return "pop model write " + w.Template }

// The holes of a template.
const (
	holeTable       = "\x00table\x00"
	holeQuotedTable = "\x00qtable\x00"
	holeAlias       = "\x00alias\x00"
	holeID          = "\x00id\x00"
	holeSet         = "\x00set\x00"
)

// popStoreSends are the methods of pop's store (Connection.Store, sqlx
// underneath) that send a statement with :name parameters bound from a
// struct.
var popStoreSends = map[string]bool{"NamedExec": true, "NamedExecContext": true}

// PopModelWrites returns the package's functions that are pop
// model-write helpers (methods are not read as helpers).
func PopModelWrites(pkg *types.Package, e *effects.Effects, files []*ast.File) map[*types.Func]*PopModelWrite {
	out := map[*types.Func]*PopModelWrite{}
	if !importsPop(pkg) {
		return out // and no SSA is built for it here
	}
	for _, f := range files {
		for _, d := range f.Decls {
			decl, ok := d.(*ast.FuncDecl)
			if !ok || decl.Recv != nil || decl.Body == nil {
				continue
			}
			fn := e.Func(decl)
			if fn == nil {
				continue
			}
			obj, ok := fn.Object().(*types.Func)
			if !ok {
				continue
			}
			if w := popModelWriteOf(fn); w != nil {
				out[obj] = w
			}
		}
	}
	return out
}

// readPopModelWrite returns the statement a call of a pop model-write
// helper sends: one of this package, read here, or of another, read
// from its fact.
func readPopModelWrite(r *Request) (Statement, bool) {
	if r.Callee.Type().(*types.Signature).Recv() != nil {
		return Statement{}, false
	}
	var w *PopModelWrite
	var f PopModelWrite
	switch {
	case r.ImportFact != nil && r.ImportFact(r.Callee, &f):
		w = &f
	case importsPop(r.Callee.Pkg()):
		// A helper of this package (FuncOf knows only those): read here.
		if fn := r.Effects.FuncOf(r.Callee); fn != nil {
			w = popModelWriteOf(fn)
		}
	}
	if w == nil {
		return Statement{}, false
	}
	st := Statement{}
	if instr := r.Effects.Call(r.Call); instr != nil && r.Effects.TxOf(instr) != nil {
		st.Handle = HandleTx
	}
	return w.statement(r, st), true
}

// popModelWriteOf reads fn as a model-write helper: one send through a
// pop store, of a Sprintf over pop's model API; nil when it is not one.
func popModelWriteOf(fn *ssa.Function) *PopModelWrite {
	var send *ssa.Call
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || !call.Common().IsInvoke() || !popStoreSends[call.Common().Method.Name()] || !fromPopStore(call.Common().Value) {
				continue
			}
			if send != nil {
				return nil // more than one statement: not a helper of one
			}
			send = call
		}
	}
	if send == nil {
		return nil
	}
	at := 0 // where the statement is among the arguments
	if strings.HasSuffix(send.Common().Method.Name(), "Context") {
		at = 1
	}
	sprintf, ok := effects.Arg(send, at).(*ssa.Call)
	if !ok || !isFunc(sprintf.Common().StaticCallee(), "fmt", "Sprintf") {
		return nil
	}
	format, ok := ssaConstString(effects.Arg(sprintf, 0))
	if !ok {
		return nil
	}
	w := &PopModelWrite{Model: -1, Names: -1}
	var holes []string
	for i := 1; ; i++ {
		a := effects.Arg(sprintf, i)
		if a == nil {
			break
		}
		h, ok := w.hole(fn, a)
		if !ok {
			return nil
		}
		holes = append(holes, h)
	}
	tmpl, ok := fillVerbs(format, holes)
	if !ok || w.Model < 0 || !strings.Contains(tmpl, holeSet) || !strings.HasPrefix(strings.TrimSpace(strings.ToUpper(tmpl)), "UPDATE") {
		return nil
	}
	// The struct the store binds the :names from is the model itself.
	if p, ok := unwrapIface(effects.Arg(send, at+1)).(*ssa.Parameter); !ok || paramIndex(fn, p) != w.Model {
		return nil
	}
	w.Template = tmpl
	return w
}

// hole reads one argument of the helper's Sprintf.
func (w *PopModelWrite) hole(fn *ssa.Function, v ssa.Value) (string, bool) {
	v = unwrapIface(v)
	if s, ok := ssaConstString(v); ok {
		return s, true
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return "", false
	}
	c := call.Common()
	if c.IsInvoke() {
		// The dialect's Quote, asked through an interface of the helper's
		// own (quoter.Quote(model.TableName())): the postgres dialect
		// quotes each dotted part.
		if c.Method.Name() != "Quote" || len(c.Args) != 1 {
			return "", false
		}
		inner, ok := w.hole(fn, c.Args[0])
		if !ok || inner != holeTable {
			return "", false
		}
		return holeQuotedTable, true
	}
	callee := c.StaticCallee()
	if !popFunc(callee) || callee.Signature.Recv() == nil {
		return "", false
	}
	switch callee.Name() {
	case "TableName", "Alias", "IDField", "WhereNamedID":
		if !isPopType(callee.Signature.Recv().Type(), "Model") || !w.modelFrom(fn, c.Args[0]) {
			return "", false
		}
		switch callee.Name() {
		case "TableName":
			return holeTable, true
		case "Alias":
			return holeAlias, true
		case "IDField":
			return holeID, true
		}
		// pop's model.go: fmt.Sprintf("%s.%s = :%s", m.Alias(), m.IDField(), m.IDField()).
		return holeAlias + "." + holeID + " = :" + holeID, true
	case "QuotedUpdateString":
		if !w.columnsFrom(fn, c.Args[0]) {
			return "", false
		}
		return holeSet, true
	}
	return "", false
}

// modelFrom reports whether v is pop.NewModel(p, ctx) of a parameter p of
// fn, and makes p the model.
func (w *PopModelWrite) modelFrom(fn *ssa.Function, v ssa.Value) bool {
	call, ok := v.(*ssa.Call)
	if !ok || !popFunc(call.Common().StaticCallee()) || call.Common().StaticCallee().Name() != "NewModel" || len(call.Common().Args) == 0 {
		return false
	}
	p, ok := unwrapIface(call.Common().Args[0]).(*ssa.Parameter)
	if !ok {
		return false
	}
	i := paramIndex(fn, p)
	if i < 0 || w.Model >= 0 && w.Model != i {
		return false
	}
	w.Model = i
	return true
}

// columnsFrom reads the columns a SET list is made of: the Writeable()
// of columns.ForStructWithAlias(model, ...), or of a local variable that
// is given that or columns.NewColumnsWithAlias(...) with the helper's
// names added.
func (w *PopModelWrite) columnsFrom(fn *ssa.Function, v ssa.Value) bool {
	// (*WriteableColumns).Columns, embedded: load of its field.
	if ld, ok := v.(*ssa.UnOp); ok {
		if fa, ok := ld.X.(*ssa.FieldAddr); ok {
			v = fa.X
		}
	}
	if call, ok := v.(*ssa.Call); ok && popFunc(call.Common().StaticCallee()) && call.Common().StaticCallee().Name() == "Writeable" {
		v = call.Common().Args[0]
	}
	if call, ok := v.(*ssa.Call); ok {
		// cols := columns.ForStructWithAlias(v, ...), never added to.
		return w.columnsSource(fn, call) && w.AllSet
	}
	ld, ok := v.(*ssa.UnOp)
	if !ok {
		return false
	}
	alloc, ok := ld.X.(*ssa.Alloc)
	if !ok {
		return false
	}
	for _, ref := range *alloc.Referrers() {
		switch r := ref.(type) {
		case *ssa.Store:
			if r.Addr != alloc || !w.columnsSource(fn, r.Val) {
				return false
			}
		case *ssa.Call:
			callee := r.Common().StaticCallee()
			if !popFunc(callee) {
				return false
			}
			switch callee.Name() {
			case "Writeable":
			case "Add":
				// cols.Add(names...): the helper's variadic names.
				if len(r.Common().Args) != 2 {
					return false
				}
				p, ok := r.Common().Args[1].(*ssa.Parameter)
				if !ok || !fn.Signature.Variadic() || paramIndex(fn, p) != len(fn.Params)-1 {
					return false
				}
				w.Names, w.NamedSet = paramIndex(fn, p), true
			default:
				return false
			}
		case *ssa.UnOp, *ssa.DebugRef:
		default:
			return false
		}
	}
	return w.NamedSet || w.AllSet
}

// columnsSource reads a value stored into the columns variable.
func (w *PopModelWrite) columnsSource(fn *ssa.Function, v ssa.Value) bool {
	if c, ok := v.(*ssa.Const); ok && c.Value == nil {
		return true // the zero Columns{} it is declared with
	}
	call, ok := v.(*ssa.Call)
	if !ok || !popFunc(call.Common().StaticCallee()) {
		return false
	}
	switch call.Common().StaticCallee().Name() {
	case "NewColumns", "NewColumnsWithAlias":
		return true // its columns are the ones Add adds
	case "ForStruct", "ForStructWithAlias":
		p, ok := unwrapIface(call.Common().Args[0]).(*ssa.Parameter)
		if !ok || paramIndex(fn, p) != w.Model && w.Model >= 0 {
			return false
		}
		w.AllSet = true
		return true
	}
	return false
}

// statement returns the statement a call of the helper sends for the
// caller's model and column names, with the other SET list it may send
// as a Variant.
func (w *PopModelWrite) statement(r *Request, st Statement) Statement {
	st.Method = "Exec"
	if w.Model >= len(r.Call.Args) {
		st.Unread = "a pop model-write helper called without its model"
		return st
	}
	m, why := popModelOf(r, r.Info.TypeOf(r.Call.Args[w.Model]))
	if why != "" {
		st.Unread = why
		return st
	}
	var sets [][]string
	if w.NamedSet {
		names, ok := constantStrings(r, w.Names)
		if !ok {
			st.Unread = "column names that are not constants"
			return st
		}
		// Add reads "name,r" as a column only read, "name,w" as written.
		var written []string
		for _, n := range names {
			if n, rw, _ := strings.Cut(n, ","); rw != "r" {
				written = append(written, strings.TrimSpace(n))
			}
		}
		if len(written) > 0 {
			sets = append(sets, written)
		}
	}
	if w.AllSet {
		sets = append(sets, m.sorted(func(_ string, c popColumn) bool { return c.writeable }))
	}
	if len(sets) == 0 {
		st.Unread = "a pop model-write helper with no columns to set"
		return st
	}
	for i, cols := range sets {
		list := make([]string, len(cols))
		for k, c := range cols {
			list[k] = quote(c) + " = :" + c
		}
		sort.Strings(list)
		sql := strings.NewReplacer(holeQuotedTable, quote(m.table), holeTable, m.table, holeAlias, m.alias, holeID, m.id, holeSet, strings.Join(list, ", ")).Replace(w.Template)
		sql, params := sqltext.Named(sql)
		if i == 0 {
			st.SQL, st.Known = sql, true
			w.bindFields(r, m, params, &st)
			continue
		}
		if sql != st.SQL {
			st.Variants = append(st.Variants, Variant{SQL: sql})
		}
	}
	return st
}

// importsPop reports whether a package imports pop, or ory's fork.
func importsPop(pkg *types.Package) bool {
	if pkg == nil {
		return false
	}
	for _, imp := range pkg.Imports() {
		if effects.IsPopPath(imp.Path()) {
			return true
		}
	}
	return false
}

// bindFields binds the parameters named for the model's columns to the
// constants the code stored in their fields before the call, on every
// path (m.Status = "processing" before the helper writes "status").
func (w *PopModelWrite) bindFields(r *Request, m *popModel, params []string, st *Statement) {
	at, ok := r.Effects.StructAt(r.Call, w.Model, func(*ssa.CallCommon) effects.PointerUse { return effects.UseUnknown })
	if !ok {
		return
	}
	for i, name := range params {
		c, ok := m.cols[name]
		if !ok || c.field == "" {
			continue
		}
		var consts []BoundConst
		for _, s := range at.Fields[c.field] {
			v, ok := "", s.Values.Known() && len(s.Values.Set) == 1
			if ok {
				v, ok = s.Values.Set[0].Text()
			}
			node := assignAt(r.Cursor, s.Pos)
			if !ok || node == nil {
				consts = nil
				break
			}
			k := slices.IndexFunc(consts, func(b BoundConst) bool { return b.Value == v })
			if k < 0 {
				consts = append(consts, BoundConst{Value: v, Obj: stateConst(s.Values.Set[0])})
				k = len(consts) - 1
			}
			consts[k].At = append(consts[k].At, node)
		}
		slices.SortFunc(consts, func(a, b BoundConst) int { return strings.Compare(a.Value, b.Value) })
		bindFieldConsts(consts, i+1, &st.Consts, &st.Sets, &st.Names)
	}
}

// fromPopStore reports whether v is a pop Connection's Store field.
func fromPopStore(v ssa.Value) bool {
	ld, ok := v.(*ssa.UnOp)
	if !ok {
		return false
	}
	fa, ok := ld.X.(*ssa.FieldAddr)
	if !ok {
		return false
	}
	st, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok || !isPopType(st, "Connection") {
		return false
	}
	return st.Elem().Underlying().(*types.Struct).Field(fa.Field).Name() == "Store"
}

// fillVerbs puts each hole in place of the format's %s verbs, in order;
// false for any other verb.
func fillVerbs(format string, holes []string) (string, bool) {
	var b strings.Builder
	next := 0
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			b.WriteByte(format[i])
			continue
		}
		i++
		if i >= len(format) {
			return "", false
		}
		switch format[i] {
		case '%':
			b.WriteByte('%')
		case 's', 'v':
			if next >= len(holes) {
				return "", false
			}
			b.WriteString(holes[next])
			next++
		default:
			return "", false
		}
	}
	return b.String(), next == len(holes)
}

func ssaConstString(v ssa.Value) (string, bool) {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(c.Value), true
}

// unwrapIface returns the value an interface holds when v converts it
// (to any, or from any to pop's Value).
func unwrapIface(v ssa.Value) ssa.Value {
	for range 4 {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeInterface:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		default:
			return v
		}
	}
	return v
}

func paramIndex(fn *ssa.Function, p *ssa.Parameter) int {
	for i, q := range fn.Params {
		if q == p {
			return i
		}
	}
	return -1
}

func isFunc(fn *ssa.Function, pkg, name string) bool {
	if fn == nil {
		return false
	}
	obj, ok := fn.Object().(*types.Func)
	return ok && obj.Pkg() != nil && obj.Pkg().Path() == pkg && obj.Name() == name
}
