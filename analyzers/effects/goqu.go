package effects

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// goqu (github.com/doug-martin/goqu/v9) builds a statement from dataset
// values that each method copies, as squirrel's builders are: the text a
// dataset's ToSQL returns (or its executor sends) is a function of the
// chain of calls that made the value, followed back on SSA through
// variables, phi nodes, helpers of the package, package variables and
// struct fields. The rendering follows goqu v9.19's postgres dialect:
// identifiers in double quotes, each comparison in parentheses, several
// WHERE conditions joined in one parenthesised AND. A dataset is not
// prepared unless Prepared(true) says so: goqu then writes every value
// into the text as a literal, and a value the code knows only at run time
// stands here as a bind parameter (as a number formatted into SQL does);
// a prepared dataset binds its values as $1, $2... in the order of the
// text. What is not rebuilt (a join, a grouping, a struct given to Set or
// Rows, a list of run-time length) is a hole.

const (
	goquPath    = "github.com/doug-martin/goqu/v9"
	goquExpPath = goquPath + "/exp"
)

// A gqTok is a piece of a dataset's text, or a value goqu writes as a
// literal (binds, when prepared).
type gqTok struct {
	text string
	slot bool
	v    ssa.Value
	list bool // a slot for the items of a list of run-time length
}

type gqText []gqTok

func gqt(s string) gqText { return gqText{{text: s}} }

func (t gqText) add(more ...gqText) gqText {
	out := slices.Clip(t)
	for _, m := range more {
		out = append(out, m...)
	}
	return out
}

func gqJoin(ts []gqText, sep string) gqText {
	var out gqText
	for i, t := range ts {
		if i > 0 {
			out = append(out, gqTok{text: sep})
		}
		out = append(out, t...)
	}
	return out
}

// A gqState is one possible state of a dataset: the pieces of its clauses.
type gqState struct {
	kind      string // "select", "update", "insert", "delete"
	dialect   string // "default" or the name given to goqu.Dialect
	prepared  bool
	tables    []gqText
	cols      []gqText // a select's columns, an insert's
	sets      []gqText
	rows      []gqText
	wheres    []gqText
	groups    []gqText
	orders    []gqText
	limit     gqText
	offset    gqText
	lock      gqText
	returning []gqText
}

func (s gqState) with(f func(*gqState) string) (gqState, string) {
	s.tables = slices.Clone(s.tables)
	s.cols = slices.Clone(s.cols)
	s.sets = slices.Clone(s.sets)
	s.rows = slices.Clone(s.rows)
	s.wheres = slices.Clone(s.wheres)
	s.groups = slices.Clone(s.groups)
	s.orders = slices.Clone(s.orders)
	s.returning = slices.Clone(s.returning)
	why := f(&s)
	return s, why
}

// goquObj reports whether obj belongs to goqu's root or expression package.
func goquObj(obj types.Object) bool {
	if obj == nil || obj.Pkg() == nil {
		return false
	}
	p := obj.Pkg().Path()
	return p == goquPath || p == goquExpPath
}

// IsGoquToSQL reports whether a call is a goqu dataset's ToSQL.
func IsGoquToSQL(c *ssa.CallCommon) bool {
	fn := c.StaticCallee()
	if fn == nil || fn.Name() != "ToSQL" || fn.Signature.Recv() == nil {
		return false
	}
	return IsGoquDataset(fn.Signature.Recv().Type())
}

// IsGoquDataset reports whether t is one of goqu's datasets.
func IsGoquDataset(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != goquPath {
		return false
	}
	switch n.Obj().Name() {
	case "SelectDataset", "UpdateDataset", "InsertDataset", "DeleteDataset":
		return true
	}
	return false
}

// Goqu returns the texts a goqu dataset renders to (what its ToSQL returns
// and its executor sends), with a hole for what is not rebuilt.
func (e *Effects) Goqu(dataset ssa.Value) Values {
	if e == nil || e.Pkg() == nil || dataset == nil {
		return hole("no SSA")
	}
	r := &resolver{e: e, onStack: map[any]bool{}}
	return r.goqu(dataset, nil, 0)
}

// GoquConstants returns the string constants a prepared dataset binds, by
// parameter number, when it is in one state; nil otherwise (a dataset
// that is not prepared writes its constants into the text).
func (e *Effects) GoquConstants(dataset ssa.Value) map[int]string {
	if e == nil || e.Pkg() == nil || dataset == nil {
		return nil
	}
	r := &resolver{e: e, onStack: map[any]bool{}}
	states, why := r.gqStates(dataset, nil, 0)
	if why != "" || len(states) != 1 || !states[0].prepared {
		return nil
	}
	out := map[int]string{}
	n := 0
	for _, tok := range states[0].render() {
		if !tok.slot {
			continue
		}
		n++
		if c, ok := tok.v.(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.String {
			out[n] = constant.StringVal(c.Value)
		}
	}
	return out
}

func (r *resolver) goqu(dataset ssa.Value, b *binding, depth int) Values {
	states, why := r.gqStates(dataset, b, depth)
	if why != "" {
		return hole(why)
	}
	var out Values
	for _, s := range states {
		out = union(out, s.values())
	}
	return out
}

// gqStates returns the states a dataset value may be in.
func (r *resolver) gqStates(v ssa.Value, b *binding, depth int) ([]gqState, string) {
	if depth > maxSteps {
		return nil, "a goqu dataset built through too many steps"
	}
	key := stackKey{v, b}
	if r.onStack[key] {
		return nil, "a goqu dataset built in a loop"
	}
	r.onStack[key] = true
	defer delete(r.onStack, key)
	depth++
	switch x := v.(type) {
	case *ssa.Phi:
		var out []gqState
		for _, edge := range x.Edges {
			states, why := r.gqStates(edge, b, depth)
			if why != "" {
				return nil, why
			}
			out = append(out, states...)
		}
		if len(out) > maxValues {
			return nil, "a goqu dataset with too many variants"
		}
		return out, ""
	case *ssa.UnOp, *ssa.Field:
		return gqStoredStates(r, x, depth)
	case *ssa.Parameter:
		if arg, outer, ok := bound(x, b); ok {
			return r.gqStates(arg, outer, depth)
		}
		return nil, "a goqu dataset given as a parameter"
	case *ssa.Call:
		return r.gqCall(x, b, depth)
	}
	return nil, "a goqu dataset the tool cannot follow"
}

// bound is the argument a parameter of the function a binding enters is
// given at its call.
func bound(p *ssa.Parameter, b *binding) (ssa.Value, *binding, bool) {
	if b == nil || b.fn != p.Parent() || b.call == nil {
		return nil, nil, false
	}
	for i, q := range p.Parent().Params {
		if q == p {
			return b.call.Common().Args[i], b.outer, true
		}
	}
	return nil, nil, false
}

// gqStoredStates follows a package variable or a struct field of this
// package that holds a dataset to the values stored in it.
func gqStoredStates(r *resolver, v ssa.Value, depth int) ([]gqState, string) {
	match, what := storedMatch(r, v)
	if match == nil {
		return nil, "a goqu dataset " + what
	}
	var out []gqState
	for _, st := range r.e.allStores() {
		if !match(st) {
			continue
		}
		states, why := r.gqStates(st.Val, nil, depth)
		if why != "" {
			return nil, why
		}
		out = append(out, states...)
	}
	if len(out) == 0 {
		return nil, "a goqu dataset in " + what + ", never set in the package"
	}
	if len(out) > maxValues {
		return nil, "a goqu dataset with too many variants"
	}
	return out, ""
}

// storedMatch returns what picks the stores into the variable or field a
// load reads, or nil and why not.
func storedMatch(r *resolver, v ssa.Value) (func(*ssa.Store) bool, string) {
	var f *types.Var
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return nil, "the tool cannot follow"
		}
		if g, ok := x.X.(*ssa.Global); ok {
			if g.Pkg != r.e.Pkg() {
				return nil, "in a package variable of another package"
			}
			return func(st *ssa.Store) bool { return st.Addr == g }, "package variable " + g.Name()
		}
		fa, ok := x.X.(*ssa.FieldAddr)
		if !ok {
			return nil, "the tool cannot follow"
		}
		f = fieldOf(fa.X.Type(), fa.Field)
	case *ssa.Field:
		f = fieldOf(x.X.Type(), x.Field)
	}
	if f == nil || f.Pkg() != r.e.Pkg().Pkg {
		return nil, "in a struct field set out of sight"
	}
	return func(st *ssa.Store) bool {
		a, ok := st.Addr.(*ssa.FieldAddr)
		return ok && fieldOf(a.X.Type(), a.Field) == f
	}, "struct field " + f.Name()
}

// gqCall applies one call of a chain to the states of its receiver.
func (r *resolver) gqCall(call *ssa.Call, b *binding, depth int) ([]gqState, string) {
	common := call.Common()
	fn := common.StaticCallee()
	if fn == nil {
		return nil, "a goqu dataset made by a dynamic call"
	}
	obj, _ := fn.Object().(*types.Func)
	if !goquObj(obj) {
		if own := r.ownFunc(call); own != nil {
			// A helper of the package that returns a dataset.
			var out []gqState
			inner := &binding{fn: own, call: call, outer: b}
			for _, blk := range own.Blocks {
				if ret, ok := last(blk).(*ssa.Return); ok && len(ret.Results) > 0 {
					states, why := r.gqStates(ret.Results[0], inner, depth)
					if why != "" {
						return nil, why
					}
					out = append(out, states...)
				}
			}
			return out, ""
		}
		return nil, "a goqu dataset made by " + fn.Name()
	}
	args := common.Args
	name := fn.Name()
	recv := fn.Signature.Recv()
	if recv == nil {
		// goqu.From(...), Select, Update, Insert, Delete: the default
		// dialect.
		return r.gqApply([]gqState{{dialect: "default"}}, name, args, b, depth)
	}
	if IsGoquDataset(recv.Type()) {
		states, why := r.gqStates(args[0], b, depth)
		if why != "" {
			return nil, why
		}
		return r.gqApply(states, name, args[1:], b, depth)
	}
	dialect, why := r.gqDialect(args[0], b, depth)
	if why != "" {
		return nil, why
	}
	return r.gqApply([]gqState{{dialect: dialect}}, name, args[1:], b, depth)
}

// gqDialect reads the dialect of a goqu.DialectWrapper, *goqu.Database or
// *goqu.TxDatabase value: the constant given to goqu.Dialect, New or
// NewTx, where every value stored in its variable or field gives one.
func (r *resolver) gqDialect(v ssa.Value, b *binding, depth int) (string, string) {
	if depth > maxSteps {
		return "", "a goqu dialect built through too many steps"
	}
	depth++
	switch x := v.(type) {
	case *ssa.Call:
		fn := x.Common().StaticCallee()
		if fn == nil || !goquObj(fn.Object()) {
			return "", "a goqu dialect made out of sight"
		}
		switch {
		case fn.Signature.Recv() == nil && (fn.Name() == "Dialect" || fn.Name() == "New" || fn.Name() == "NewTx"):
			if d, ok := single(r.value(x.Common().Args[0], b, depth)); ok {
				return d, ""
			}
			return "", "a goqu dialect named by a value the tool cannot tell"
		case fn.Name() == "DB" && fn.Signature.Recv() != nil:
			return r.gqDialect(x.Common().Args[0], b, depth)
		}
		return "", "a goqu dialect made by " + fn.Name()
	case *ssa.Extract:
		// The TxDatabase a Database's Begin returns has its dialect.
		if call, ok := x.Tuple.(*ssa.Call); ok && x.Index == 0 {
			if fn := call.Common().StaticCallee(); fn != nil && fn.Name() == "Begin" && fn.Signature.Recv() != nil && goquObj(fn.Object()) {
				return r.gqDialect(call.Common().Args[0], b, depth)
			}
		}
	case *ssa.Parameter:
		if arg, outer, ok := bound(x, b); ok {
			return r.gqDialect(arg, outer, depth)
		}
		return "", "a goqu dialect given as a parameter"
	case *ssa.UnOp, *ssa.Field:
		match, what := storedMatch(r, x)
		if match == nil {
			return "", "a goqu dialect " + what
		}
		found := ""
		for _, st := range r.e.allStores() {
			if !match(st) {
				continue
			}
			d, why := r.gqDialect(st.Val, nil, depth)
			if why != "" {
				return "", why
			}
			if found != "" && d != found {
				return "", "a goqu dialect that may be " + found + " or " + d
			}
			found = d
		}
		if found == "" {
			return "", "a goqu dialect in " + what + ", never set in the package"
		}
		return found, ""
	}
	return "", "a goqu dialect the tool cannot follow"
}

// varargs lists the values given to a variadic parameter: none, or the
// elements of the slice literal the call makes.
func varargs(v ssa.Value) ([]ssa.Value, bool) {
	if c, ok := v.(*ssa.Const); ok && c.IsNil() {
		return nil, true
	}
	elems := arrayElems(sliceArray(v))
	if elems == nil || slices.Contains(elems, nil) {
		return nil, false
	}
	return elems, true
}

// gqApply applies a dataset method to each state.
func (r *resolver) gqApply(states []gqState, name string, args []ssa.Value, b *binding, depth int) ([]gqState, string) {
	list := func(render func(ssa.Value, *binding, int) (gqText, string)) ([]gqText, string) {
		elems, ok := varargs(args[len(args)-1])
		if !ok {
			return nil, "goqu's " + name + " of a list the tool cannot tell"
		}
		var out []gqText
		for _, e := range elems {
			t, why := render(e, b, depth)
			if why != "" {
				return nil, why
			}
			if t != nil {
				out = append(out, t)
			}
		}
		return out, ""
	}
	var change func(*gqState) string
	switch name {
	case "From", "Select", "Returning":
		render := r.gqColumn
		if name == "From" {
			render = r.gqTable
		}
		items, why := list(render)
		if why != "" {
			return nil, why
		}
		change = func(s *gqState) string {
			switch name {
			case "From":
				if s.kind != "" && s.kind != "select" {
					return "goqu's From on a dataset that is not a select"
				}
				s.kind, s.tables = "select", items
			case "Select":
				if s.kind == "" {
					s.kind = "select"
				}
				s.cols = items
			case "Returning":
				s.returning = items
			}
			return ""
		}
	case "Update", "Insert", "Delete":
		table, why := r.gqTable(args[0], b, depth)
		if why != "" {
			return nil, why
		}
		change = func(s *gqState) string {
			if s.kind != "" {
				return "goqu's " + name + " of a dataset"
			}
			s.kind, s.tables = strings.ToLower(name), []gqText{table}
			return ""
		}
	case "Where":
		conds, why := list(r.gqExpr)
		if why != "" {
			return nil, why
		}
		change = func(s *gqState) string { s.wheres = append(s.wheres, conds...); return "" }
	case "GroupBy":
		groups, why := list(r.gqColumn)
		if why != "" {
			return nil, why
		}
		change = func(s *gqState) string {
			if s.kind != "select" {
				return "goqu's GroupBy on a dataset that is not a select"
			}
			s.groups = groups
			return ""
		}
	case "Order":
		orders, why := list(r.gqExpr)
		if why != "" {
			return nil, why
		}
		change = func(s *gqState) string { s.orders = orders; return "" }
	case "Limit", "Offset":
		var n gqText
		if c, ok := args[0].(*ssa.Const); !ok || c.Value == nil || constant.Sign(c.Value) != 0 {
			n = gqText{{slot: true, v: args[0]}} // Limit(0) is no LIMIT
		}
		change = func(s *gqState) string {
			if name == "Limit" {
				s.limit = n
			} else {
				s.offset = n
			}
			return ""
		}
	case "ForUpdate", "ForNoKeyUpdate", "ForShare", "ForKeyShare":
		var after string
		switch waitOption(args[0]) {
		case "Wait":
			after = " " // goqu's Wait writes a space and nothing else
		case "NoWait":
			after = " NOWAIT"
		case "SkipLocked":
			after = " SKIP LOCKED"
		default:
			return nil, "a goqu lock with a wait option the tool cannot tell"
		}
		of, why := list(r.gqTable)
		if why != "" {
			return nil, why
		}
		lock := gqt(" " + map[string]string{"ForUpdate": "FOR UPDATE", "ForNoKeyUpdate": "FOR NO KEY UPDATE", "ForShare": "FOR SHARE", "ForKeyShare": "FOR KEY SHARE"}[name])
		if len(of) > 0 {
			lock = lock.add(gqt(" OF "), gqJoin(of, ", "))
		}
		lock = lock.add(gqt(after))
		change = func(s *gqState) string {
			if s.kind != "select" {
				return "goqu's " + name + " on a dataset that is not a select"
			}
			s.lock = lock
			return ""
		}
	case "Prepared", "WithDialect":
		c, ok := args[0].(*ssa.Const)
		if !ok || c.Value == nil {
			return nil, "goqu's " + name + " of a value the tool cannot tell"
		}
		change = func(s *gqState) string {
			if name == "Prepared" {
				s.prepared = constant.BoolVal(c.Value)
			} else {
				s.dialect = constant.StringVal(c.Value)
			}
			return ""
		}
	case "Set":
		m, why := r.gqRecord(args[0])
		if why != "" {
			return nil, why
		}
		var sets []gqText
		for _, k := range m.keys {
			val, why := r.gqOperand(m.vals[k], b, depth)
			if why != "" {
				return nil, why
			}
			sets = append(sets, gqIdent(k, false).add(gqt("="), val))
		}
		change = func(s *gqState) string {
			if s.kind != "update" {
				return "goqu's Set on a dataset that is not an update"
			}
			s.sets = sets
			return ""
		}
	case "Rows":
		elems, ok := varargs(args[0])
		if !ok || len(elems) != 1 {
			return nil, "goqu's Rows of a list the tool cannot tell"
		}
		m, why := r.gqRecord(elems[0])
		if why != "" {
			return nil, why
		}
		var cols []gqText
		row := gqt("(")
		for i, k := range m.keys {
			val, why := r.gqOperand(m.vals[k], b, depth)
			if why != "" {
				return nil, why
			}
			if i > 0 {
				row = row.add(gqt(", "))
			}
			cols = append(cols, gqIdent(k, false))
			row = row.add(val)
		}
		row = row.add(gqt(")"))
		change = func(s *gqState) string {
			if s.kind != "insert" {
				return "goqu's Rows on a dataset that is not an insert"
			}
			s.cols, s.rows = cols, []gqText{row}
			return ""
		}
	default:
		return nil, "goqu's " + name + " is not read"
	}
	out := make([]gqState, 0, len(states))
	for _, s := range states {
		ns, why := s.with(change)
		if why != "" {
			return nil, why
		}
		out = append(out, ns)
	}
	return out, ""
}

// waitOption names the exp.WaitOption constant a value is. The options
// are looked up by name in goqu's exp package: they share an iota block
// with the lock strengths, so SkipLocked is 7, not 2.
func waitOption(v ssa.Value) string {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil {
		return ""
	}
	named, ok := types.Unalias(c.Type()).(*types.Named)
	if !ok || named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != goquExpPath {
		return ""
	}
	for _, name := range []string{"Wait", "NoWait", "SkipLocked"} {
		if k, ok := named.Obj().Pkg().Scope().Lookup(name).(*types.Const); ok && constant.Compare(k.Val(), token.EQL, c.Value) {
			return name
		}
	}
	return ""
}

// A gqMap is a goqu.Record or goqu.Ex literal: its constant keys, sorted
// as goqu writes them, and the value of each.
type gqMap struct {
	keys []string
	vals map[string]ssa.Value
}

// gqRecord reads a map literal filled with constant keys in one block that
// nothing else changes.
func (r *resolver) gqRecord(v ssa.Value) (gqMap, string) {
	for {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
			continue
		case *ssa.ChangeType:
			v = x.X
			continue
		}
		break
	}
	m, ok := v.(*ssa.MakeMap)
	if !ok {
		return gqMap{}, "a goqu record that is not a map literal"
	}
	out := gqMap{vals: map[string]ssa.Value{}}
	for _, ref := range *m.Referrers() {
		switch u := ref.(type) {
		case *ssa.MapUpdate:
			k, ok := u.Key.(*ssa.Const)
			if !ok || k.Value == nil || k.Value.Kind() != constant.String {
				return gqMap{}, "a goqu record with a key that is not a constant"
			}
			if u.Block() != m.Block() {
				return gqMap{}, "a goqu record filled on some branches only"
			}
		case *ssa.DebugRef, *ssa.MakeInterface, *ssa.ChangeType:
		default:
			return gqMap{}, "a goqu record changed out of sight"
		}
	}
	for _, in := range m.Block().Instrs {
		if u, ok := in.(*ssa.MapUpdate); ok && u.Map == m {
			out.vals[constant.StringVal(u.Key.(*ssa.Const).Value)] = u.Value
		}
	}
	if len(out.vals) == 0 {
		return gqMap{}, "an empty goqu record"
	}
	for k := range out.vals {
		out.keys = append(out.keys, k)
	}
	sort.Strings(out.keys)
	return out, ""
}

// gqIdent quotes an identifier as goqu does; split says the text is
// read as schema.table.column (goqu.I, a string given as a table or a
// column), not as one name (goqu.C, goqu.T).
func gqIdent(name string, split bool) gqText {
	parts := []string{name}
	if split {
		parts = strings.Split(name, ".")
	}
	for i, p := range parts {
		if p != "*" {
			parts[i] = `"` + p + `"`
		}
	}
	return gqt(strings.Join(parts, "."))
}

// gqConstString reads a string argument the code gives as a constant.
func (r *resolver) gqConstString(v ssa.Value, b *binding, depth int) (string, bool) {
	s, ok := single(r.value(v, b, depth))
	return s, ok && !strings.Contains(s, `"`)
}

// gqTable renders a table: a string (split at its dots), goqu.T or goqu.I.
func (r *resolver) gqTable(v ssa.Value, b *binding, depth int) (gqText, string) {
	if mi, ok := v.(*ssa.MakeInterface); ok && isStringType(mi.X.Type()) {
		if s, ok := r.gqConstString(mi.X, b, depth); ok {
			return gqIdent(s, true), ""
		}
		return nil, "a goqu table named by a value the tool cannot tell"
	}
	if t, ok := r.gqIdentCall(v, b, depth); ok {
		return t, ""
	}
	return nil, "a goqu table the tool does not read"
}

// gqColumn renders a selected or returned column: a string (split at its
// dots, * kept), goqu.C, goqu.I or goqu.L.
func (r *resolver) gqColumn(v ssa.Value, b *binding, depth int) (gqText, string) {
	if mi, ok := v.(*ssa.MakeInterface); ok && isStringType(mi.X.Type()) {
		if s, ok := r.gqConstString(mi.X, b, depth); ok {
			return gqIdent(s, true), ""
		}
		return nil, "a goqu column named by a value the tool cannot tell"
	}
	if t, ok := r.gqIdentCall(v, b, depth); ok {
		return t, ""
	}
	if t, ok := r.gqLiteral(v, b, depth); ok {
		return t, ""
	}
	if call, name := gqCallOf(v); call != nil && !call.Common().IsInvoke() && (name == "MIN" || name == "MAX" || name == "COUNT") {
		arg, why := r.gqColumn(call.Common().Args[0], b, depth)
		if why != "" {
			return nil, why
		}
		return gqt(name+"(").add(arg, gqt(")")), ""
	}
	return nil, "a goqu column the tool does not read"
}

// gqCallOf returns the call to goqu's package function a value is, through
// the interface conversions of passing it on.
func gqCallOf(v ssa.Value) (*ssa.Call, string) {
	for {
		switch x := v.(type) {
		case *ssa.ChangeInterface:
			v = x.X
			continue
		case *ssa.MakeInterface:
			v = x.X
			continue
		}
		break
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return nil, ""
	}
	if call.Common().IsInvoke() {
		if goquObj(call.Common().Method) {
			return call, call.Common().Method.Name()
		}
		return nil, ""
	}
	fn := call.Common().StaticCallee()
	if fn == nil || fn.Signature.Recv() != nil || !goquObj(fn.Object()) {
		return nil, ""
	}
	return call, fn.Name()
}

// gqIdentCall renders goqu.C, goqu.T or goqu.I of a constant.
func (r *resolver) gqIdentCall(v ssa.Value, b *binding, depth int) (gqText, bool) {
	call, name := gqCallOf(v)
	if call == nil || call.Common().IsInvoke() || (name != "C" && name != "T" && name != "I") {
		return nil, false
	}
	s, ok := r.gqConstString(call.Common().Args[0], b, depth)
	if !ok {
		return nil, false
	}
	return gqIdent(s, name == "I"), true
}

// gqLiteral renders goqu.L of a constant with no arguments: its text.
func (r *resolver) gqLiteral(v ssa.Value, b *binding, depth int) (gqText, bool) {
	call, name := gqCallOf(v)
	if call == nil || call.Common().IsInvoke() || name != "L" {
		return nil, false
	}
	if args, ok := varargs(call.Common().Args[1]); !ok || len(args) > 0 {
		return nil, false
	}
	s, ok := single(r.value(call.Common().Args[0], b, depth))
	if !ok || strings.Contains(s, "?") {
		return nil, false
	}
	return gqt(s), true
}

// gqExpr renders a condition or an ordering: a comparison of an
// identifier or literal, goqu.Or and goqu.And, goqu.Ex, goqu.L. Nil for
// one that writes nothing (an empty And).
func (r *resolver) gqExpr(v ssa.Value, b *binding, depth int) (gqText, string) {
	if t, ok := r.gqLiteral(v, b, depth); ok {
		return t, ""
	}
	if mi, ok := v.(*ssa.MakeInterface); ok {
		if named, ok := types.Unalias(mi.X.Type()).(*types.Named); ok && named.Obj().Name() == "Ex" && goquObj(named.Obj()) {
			return r.gqEx(mi.X, b, depth)
		}
	}
	call, name := gqCallOf(v)
	if call == nil {
		return nil, "a goqu expression the tool cannot follow"
	}
	c := call.Common()
	if !c.IsInvoke() {
		if name != "Or" && name != "And" {
			return nil, "goqu's " + name + " is not read as a condition"
		}
		items, ok := varargs(c.Args[0])
		if !ok {
			return nil, "a goqu " + name + " of a list the tool cannot tell"
		}
		var parts []gqText
		for _, it := range items {
			t, why := r.gqExpr(it, b, depth)
			if why != "" {
				return nil, why
			}
			if t != nil {
				parts = append(parts, t)
			}
		}
		switch len(parts) {
		case 0:
			return nil, ""
		case 1:
			return parts[0], ""
		}
		return gqt("(").add(gqJoin(parts, " "+strings.ToUpper(name)+" "), gqt(")")), ""
	}
	lhs, ok := r.gqIdentCall(c.Value, b, depth)
	if !ok {
		if lhs, ok = r.gqLiteral(c.Value, b, depth); !ok {
			return nil, "a goqu " + name + " of an expression the tool does not read"
		}
	}
	paren := func(rest string) (gqText, string) { return gqt("(").add(lhs, gqt(rest+")")), "" }
	switch name {
	case "Asc", "Desc":
		return lhs.add(gqt(" " + strings.ToUpper(name))), ""
	case "IsNull":
		return paren(" IS NULL")
	case "IsNotNull":
		return paren(" IS NOT NULL")
	case "IsTrue":
		return paren(" IS TRUE")
	case "IsFalse":
		return paren(" IS FALSE")
	case "In", "NotIn":
		items, ok := varargs(c.Args[0])
		if !ok || len(items) == 0 {
			return nil, "a goqu " + name + " of a list the tool cannot tell"
		}
		kw := map[string]string{"In": " IN ", "NotIn": " NOT IN "}[name]
		if len(items) == 1 && runTimeList(items[0]) {
			// goqu writes each item of the list: one value of the
			// reading stands for them all, as for squirrel's Eq of a list.
			return gqt("(").add(lhs, gqt(kw+"("), gqText{{slot: true, v: items[0], list: true}}, gqt("))")), ""
		}
		if len(items) == 1 {
			if sub, ok := r.gqSubquery(items[0], b, depth); ok {
				if sub == nil {
					return nil, "a goqu subquery the tool cannot read"
				}
				return gqt("(").add(lhs, gqt(kw+"(("), sub, gqt(")))")), ""
			}
		}
		var vals []gqText
		for _, it := range items {
			val, why := r.gqOperand(it, b, depth)
			if why != "" {
				return nil, why
			}
			vals = append(vals, val)
		}
		return gqt("(").add(lhs, gqt(kw+"("), gqJoin(vals, ", "), gqt("))")), ""
	}
	op := map[string]string{"Eq": "=", "Neq": "!=", "Gt": ">", "Gte": ">=", "Lt": "<", "Lte": "<="}[name]
	if op == "" {
		return nil, "goqu's " + name + " is not read"
	}
	arg := c.Args[0]
	if k, ok := arg.(*ssa.Const); ok && k.IsNil() && (op == "=" || op == "!=") {
		return paren(map[string]string{"=": " IS NULL", "!=": " IS NOT NULL"}[op])
	}
	if mi, ok := arg.(*ssa.MakeInterface); ok {
		if k, ok := mi.X.(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.Bool {
			if op != "=" {
				return nil, "a goqu " + name + " of a boolean"
			}
			return paren(" IS " + strings.ToUpper(k.Value.ExactString()))
		}
	}
	if sub, ok := r.gqSubquery(arg, b, depth); ok {
		if sub == nil || op != "=" {
			return nil, "a goqu subquery the tool cannot read"
		}
		return gqt("(").add(lhs, gqt(" IN ("), sub, gqt("))")), ""
	}
	val, why := r.gqOperand(arg, b, depth)
	if why != "" {
		return nil, why
	}
	return gqt("(").add(lhs, gqt(" "+op+" "), val, gqt(")")), ""
}

// gqEx renders a goqu.Ex literal: one comparison per key, sorted, joined
// with AND.
func (r *resolver) gqEx(v ssa.Value, b *binding, depth int) (gqText, string) {
	m, why := r.gqRecord(v)
	if why != "" {
		return nil, why
	}
	var parts []gqText
	for _, k := range m.keys {
		val := m.vals[k]
		id := gqIdent(k, true)
		var cond gqText
		if c, ok := val.(*ssa.Const); ok && c.IsNil() {
			cond = gqt("(").add(id, gqt(" IS NULL)"))
		} else if mi, ok := val.(*ssa.MakeInterface); ok {
			if c, ok := mi.X.(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.Bool {
				cond = gqt("(").add(id, gqt(" IS "+strings.ToUpper(c.Value.ExactString())+")"))
			}
		}
		if cond == nil {
			operand, why := r.gqOperand(val, b, depth)
			if why != "" {
				return nil, why
			}
			cond = gqt("(").add(id, gqt(" = "), operand, gqt(")"))
		}
		parts = append(parts, cond)
	}
	if len(parts) == 1 {
		return parts[0], ""
	}
	return gqt("(").add(gqJoin(parts, " AND "), gqt(")")), ""
}

// runTimeList reports whether a value given to In is a slice (not a
// driver's []byte) whose items goqu lists.
func runTimeList(v ssa.Value) bool {
	mi, ok := v.(*ssa.MakeInterface)
	if !ok {
		return false
	}
	sl, ok := mi.X.Type().Underlying().(*types.Slice)
	if !ok {
		return false
	}
	e, ok := sl.Elem().Underlying().(*types.Basic)
	return !ok || e.Kind() != types.Byte
}

// gqSubquery renders a select dataset given as a value (id IN (SELECT
// ...)); false when the value is not a dataset, nil text when it is one
// the tool cannot read.
func (r *resolver) gqSubquery(v ssa.Value, b *binding, depth int) (gqText, bool) {
	mi, ok := v.(*ssa.MakeInterface)
	if !ok || !IsGoquDataset(mi.X.Type()) {
		return nil, false
	}
	states, why := r.gqStates(mi.X, b, depth)
	if why != "" || len(states) != 1 || states[0].kind != "select" {
		return nil, true
	}
	return states[0].render(), true
}

// gqOperand renders a value compared, set or inserted: an identifier or
// literal expression, or a value goqu writes as a literal (binds, when
// prepared). A list, a map or another expression is not read.
func (r *resolver) gqOperand(v ssa.Value, b *binding, depth int) (gqText, string) {
	if t, ok := r.gqIdentCall(v, b, depth); ok {
		return t, ""
	}
	if t, ok := r.gqLiteral(v, b, depth); ok {
		return t, ""
	}
	if c, ok := v.(*ssa.Const); ok && c.IsNil() {
		return gqt("NULL"), ""
	}
	mi, ok := v.(*ssa.MakeInterface)
	if !ok {
		return nil, "a goqu value the tool cannot tell"
	}
	x := mi.X
	if named, ok := types.Unalias(x.Type()).(*types.Named); ok && goquObj(named.Obj()) {
		return nil, "a goqu " + named.Obj().Name() + " value is not read"
	}
	if IsGoquDataset(x.Type()) {
		return nil, "a goqu subquery as a value is not read"
	}
	switch t := x.Type().Underlying().(type) {
	case *types.Interface, *types.Map:
		return nil, "a goqu value of an interface or map type"
	case *types.Slice:
		if e, ok := t.Elem().Underlying().(*types.Basic); !ok || e.Kind() != types.Byte {
			return nil, "a goqu list of run-time length"
		}
	case *types.Array:
		if implementsValuer(x.Type()) {
			break // a driver value (a UUID)
		}
		return nil, "a goqu list of run-time length"
	}
	return gqText{{slot: true, v: x}}, ""
}

// render is the text of a state, as goqu's ToSQL writes it, with its
// values still slots.
func (s gqState) render() gqText {
	where := func() gqText {
		switch len(s.wheres) {
		case 0:
			return nil
		case 1:
			return gqt(" WHERE ").add(s.wheres[0])
		}
		return gqt(" WHERE (").add(gqJoin(s.wheres, " AND "), gqt(")"))
	}
	returning := func() gqText {
		if len(s.returning) == 0 {
			return nil
		}
		return gqt(" RETURNING ").add(gqJoin(s.returning, ", "))
	}
	switch s.kind {
	case "select":
		out := gqt("SELECT ")
		if len(s.cols) == 0 {
			out = out.add(gqt("*"))
		} else {
			out = out.add(gqJoin(s.cols, ", "))
		}
		if len(s.tables) > 0 {
			out = out.add(gqt(" FROM "), gqJoin(s.tables, ", "))
		}
		out = out.add(where())
		if len(s.groups) > 0 {
			out = out.add(gqt(" GROUP BY "), gqJoin(s.groups, ", "))
		}
		if len(s.orders) > 0 {
			out = out.add(gqt(" ORDER BY "), gqJoin(s.orders, ", "))
		}
		if s.limit != nil {
			out = out.add(gqt(" LIMIT "), s.limit)
		}
		if s.offset != nil {
			out = out.add(gqt(" OFFSET "), s.offset)
		}
		return out.add(s.lock)
	case "update":
		if len(s.sets) == 0 {
			return nil
		}
		return gqt("UPDATE ").add(s.tables[0], gqt(" SET "), gqJoin(s.sets, ","), where(), returning())
	case "insert":
		if len(s.rows) == 0 {
			return nil
		}
		return gqt("INSERT INTO ").add(s.tables[0], gqt(" ("), gqJoin(s.cols, ", "), gqt(") VALUES "), gqJoin(s.rows, ", "), returning())
	case "delete":
		return gqt("DELETE FROM ").add(s.tables[0], where(), returning())
	}
	return nil
}

// values turns a state's text into the SQL the model reads: a value
// prepared is a $n parameter, a constant not prepared is its literal, and
// any other value goqu writes into the text is a bind parameter of its
// own (Part.Number), as a number formatted into SQL is.
func (s gqState) values() Values {
	switch s.dialect {
	case "postgres":
	case "default":
		if s.prepared {
			return hole("a prepared goqu dataset of the default dialect (? placeholders)")
		}
	default:
		return hole("a goqu dataset of the " + s.dialect + " dialect")
	}
	toks := s.render()
	if toks == nil {
		return hole("a goqu " + s.kind + " the tool cannot write")
	}
	var parts []Part
	n := 0
	for _, tok := range toks {
		if !tok.slot {
			parts = append(parts, Part{Text: tok.text})
			continue
		}
		if s.prepared {
			if tok.list {
				return hole("a prepared goqu dataset with a list of run-time length")
			}
			n++
			parts = append(parts, Part{Text: "$" + strconv.Itoa(n)})
			continue
		}
		lit, ok := gqLiteralOf(tok.v)
		if !ok {
			parts = append(parts, Part{Number: true})
			continue
		}
		parts = append(parts, Part{Text: lit})
	}
	return Values{Set: []Value{{Parts: mergeText(parts)}}}
}

// gqLiteralOf is the literal goqu writes for a constant: a string in
// single quotes (a quote doubled), an integer's digits, TRUE or FALSE.
func gqLiteralOf(v ssa.Value) (string, bool) {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil || implementsValuer(c.Type()) {
		return "", false
	}
	switch c.Value.Kind() {
	case constant.String:
		return "'" + strings.ReplaceAll(constant.StringVal(c.Value), "'", "''") + "'", true
	case constant.Int:
		return c.Value.ExactString(), true
	case constant.Bool:
		return strings.ToUpper(c.Value.ExactString()), true
	}
	return "", false
}

// GoquScan is Goqu for a dataset whose rows an executor scans into a
// struct (ScanStructs, ScanStruct): a select that names no columns is a
// hole, goqu choosing them from the struct's tags.
func (e *Effects) GoquScan(dataset ssa.Value) Values {
	if e == nil || e.Pkg() == nil || dataset == nil {
		return hole("no SSA")
	}
	r := &resolver{e: e, onStack: map[any]bool{}}
	states, why := r.gqStates(dataset, nil, 0)
	if why != "" {
		return hole(why)
	}
	var out Values
	for _, s := range states {
		if s.kind == "select" && len(s.cols) == 0 {
			return hole("goqu's scan into a struct selects the struct's columns")
		}
		out = union(out, s.values())
	}
	return out
}
