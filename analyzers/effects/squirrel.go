package effects

import (
	"go/constant"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// squirrel (github.com/Masterminds/squirrel) builds a statement from
// immutable builder values: each method returns a new builder, so the
// text a builder's ToSql returns is a function of the chain of calls that
// made the value, followed back on SSA through variables, phi nodes (a
// clause added in a branch gives two texts), package variables and struct
// fields set once. The rendering follows squirrel v1.5.4's ToSql, clause
// by clause; what it cannot rebuild (a map of values, an IN list whose
// length is known at run time, a subquery) is a hole.

const squirrelPath = "github.com/Masterminds/squirrel"

// A sqState is one possible state of a builder: the pieces of each clause.
type sqState struct {
	kind     string // "select", "update", "insert", "delete"; "" for a StatementBuilder
	dollar   bool
	prefixes []Values
	options  []string
	columns  []Values
	table    Values // FROM of a select, the table of the others
	hasTable bool
	joins    []Values // the JOIN clauses of a select
	sets     []Values // "col = ?" of an update
	wheres   []Values
	groupBys []Values
	orderBys []Values
	limit    Values
	offset   Values
	rows     []Values // each row of an insert's VALUES, in parentheses
	suffixes []Values
	// The values bound to the ? of the JOIN, WHERE, SET and VALUES
	// clauses, in order; argsUnknown when some cannot be listed.
	joinArgs, whereArgs, setArgs, valueArgs []ssa.Value
	argsUnknown                             bool
}

func (s sqState) with(f func(*sqState)) sqState {
	s.prefixes = append([]Values(nil), s.prefixes...)
	s.options = append([]string(nil), s.options...)
	s.columns = append([]Values(nil), s.columns...)
	s.joins = append([]Values(nil), s.joins...)
	s.sets = append([]Values(nil), s.sets...)
	s.wheres = append([]Values(nil), s.wheres...)
	s.groupBys = append([]Values(nil), s.groupBys...)
	s.orderBys = append([]Values(nil), s.orderBys...)
	s.rows = append([]Values(nil), s.rows...)
	s.suffixes = append([]Values(nil), s.suffixes...)
	s.joinArgs = append([]ssa.Value(nil), s.joinArgs...)
	s.whereArgs = append([]ssa.Value(nil), s.whereArgs...)
	s.setArgs = append([]ssa.Value(nil), s.setArgs...)
	s.valueArgs = append([]ssa.Value(nil), s.valueArgs...)
	f(&s)
	return s
}

// isSquirrelMethod reports whether fn is a method of one of squirrel's
// types (a method of another package has no ssa.Package: its types
// object says whose it is).
func isSquirrelMethod(fn *ssa.Function) bool {
	obj, ok := fn.Object().(*types.Func)
	return ok && obj.Pkg() != nil && obj.Pkg().Path() == squirrelPath && fn.Signature.Recv() != nil
}

// IsSquirrelToSQL reports whether a call is a squirrel builder's ToSql.
func IsSquirrelToSQL(c *ssa.CallCommon) bool {
	fn := c.StaticCallee()
	return fn != nil && fn.Name() == "ToSql" && isSquirrelMethod(fn)
}

// Squirrel returns the texts a squirrel builder value renders to (what its
// ToSql, Exec or QueryRow sends), with a hole for what is not rebuilt.
func (e *Effects) Squirrel(builder ssa.Value) Values {
	if e == nil || e.Pkg() == nil || builder == nil {
		return hole("no SSA")
	}
	r := &resolver{e: e, onStack: map[any]bool{}}
	return r.squirrel(builder, nil, 0)
}

func (r *resolver) squirrel(builder ssa.Value, b *binding, depth int) Values {
	states, why := r.sqStates(builder, b, depth)
	if why != "" {
		return hole(why)
	}
	var out Values
	for _, s := range states {
		out = union(out, s.render())
	}
	return out
}

// sqStates returns the states a builder value may be in.
func (r *resolver) sqStates(v ssa.Value, b *binding, depth int) ([]sqState, string) {
	if depth > maxSteps {
		return nil, "a squirrel builder built through too many steps"
	}
	key := stackKey{v, b}
	if r.onStack[key] {
		return nil, "a squirrel builder built in a loop"
	}
	r.onStack[key] = true
	defer delete(r.onStack, key)
	depth++
	switch x := v.(type) {
	case *ssa.Phi:
		var out []sqState
		for _, edge := range x.Edges {
			states, why := r.sqStates(edge, b, depth)
			if why != "" {
				return nil, why
			}
			out = append(out, states...)
		}
		if len(out) > maxValues {
			return nil, "a squirrel builder with too many variants"
		}
		return out, ""
	case *ssa.UnOp:
		if x.Op != token.MUL {
			break
		}
		if g, ok := x.X.(*ssa.Global); ok {
			if g.Pkg != r.e.Pkg() {
				obj, _ := g.Object().(*types.Var)
				if obj != nil && obj.Pkg() != nil && obj.Pkg().Path() == squirrelPath && obj.Name() == "StatementBuilder" {
					return []sqState{{}}, ""
				}
				var f SquirrelVar
				if obj != nil && r.e.pass.ImportObjectFact(obj, &f) {
					return []sqState{{dollar: f.Dollar}}, ""
				}
				return nil, "a squirrel builder in a package variable of another package"
			}
			return r.sqStored(func(st *ssa.Store) bool { return st.Addr == g }, "package variable "+g.Name(), depth)
		}
		if fa, ok := x.X.(*ssa.FieldAddr); ok {
			f := fieldOf(fa.X.Type(), fa.Field)
			if f == nil || f.Pkg() != r.e.Pkg().Pkg {
				return nil, "a squirrel builder in a struct field set out of sight"
			}
			return r.sqStored(func(st *ssa.Store) bool {
				a, ok := st.Addr.(*ssa.FieldAddr)
				return ok && fieldOf(a.X.Type(), a.Field) == f
			}, "struct field "+f.Name(), depth)
		}
	case *ssa.Field:
		f := fieldOf(x.X.Type(), x.Field)
		if f == nil || f.Pkg() != r.e.Pkg().Pkg {
			return nil, "a squirrel builder in a struct field set out of sight"
		}
		return r.sqStored(func(st *ssa.Store) bool {
			a, ok := st.Addr.(*ssa.FieldAddr)
			return ok && fieldOf(a.X.Type(), a.Field) == f
		}, "struct field "+f.Name(), depth)
	case *ssa.Parameter:
		if b != nil && b.fn == x.Parent() && b.call != nil {
			for i, p := range x.Parent().Params {
				if p == x {
					return r.sqStates(b.call.Common().Args[i], b.outer, depth)
				}
			}
		}
		return nil, "a squirrel builder given as a parameter"
	case *ssa.Call:
		return r.sqCall(x, b, depth)
	}
	return nil, "a squirrel builder the tool cannot follow"
}

// sqStored follows a variable or field that holds a builder to the values
// stored in it, each anywhere in the package.
func (r *resolver) sqStored(match func(*ssa.Store) bool, what string, depth int) ([]sqState, string) {
	var out []sqState
	for _, st := range r.e.allStores() {
		if !match(st) {
			continue
		}
		states, why := r.sqStates(st.Val, nil, depth)
		if why != "" {
			return nil, why
		}
		out = append(out, states...)
	}
	if len(out) == 0 {
		return nil, "a squirrel builder in " + what + ", never set in the package"
	}
	if len(out) > maxValues {
		return nil, "a squirrel builder with too many variants"
	}
	return out, ""
}

// sqCall applies one call of a chain to the states of its receiver.
func (r *resolver) sqCall(call *ssa.Call, b *binding, depth int) ([]sqState, string) {
	common := call.Common()
	fn := common.StaticCallee()
	if fn == nil {
		return nil, "a squirrel builder made by a dynamic call"
	}
	obj, _ := fn.Object().(*types.Func)
	if obj == nil || obj.Pkg() == nil || obj.Pkg().Path() != squirrelPath {
		if own := r.ownFunc(call); own != nil && len(own.Blocks) > 0 {
			// A helper of the package that returns a builder.
			var out []sqState
			inner := &binding{fn: own, call: call, outer: b}
			for _, blk := range own.Blocks {
				if ret, ok := last(blk).(*ssa.Return); ok && len(ret.Results) > 0 {
					states, why := r.sqStates(ret.Results[0], inner, depth)
					if why != "" {
						return nil, why
					}
					out = append(out, states...)
				}
			}
			return out, ""
		}
		if op := builderStart(r.e.pass, obj); op != "" {
			// A builder a database module of another module starts with its
			// own placeholder format.
			return r.sqApply([]sqState{{dollar: true}}, op, common.Args[1:], b, depth)
		}
		return nil, "a squirrel builder made by " + fn.Name()
	}
	args := common.Args
	name := fn.Name()
	if fn.Signature.Recv() == nil {
		// squirrel.Select(...), Update(t), Insert(t), Delete(t): the
		// StatementBuilder's methods, with ? placeholders.
		return r.sqApply([]sqState{{}}, name, args, b, depth)
	}
	states, why := r.sqStates(args[0], b, depth)
	if why != "" {
		return nil, why
	}
	return r.sqApply(states, name, args[1:], b, depth)
}

// sqApply applies a builder method to each state.
func (r *resolver) sqApply(states []sqState, name string, args []ssa.Value, b *binding, depth int) ([]sqState, string) {
	str := func(i int) Values { return r.value(args[i], b, depth) }
	list := func(i int) ([]Values, string) {
		if c, ok := args[i].(*ssa.Const); ok && c.IsNil() {
			return nil, ""
		}
		return r.elements(args[i], b, depth)
	}
	var change func(*sqState) string
	switch name {
	case "Select", "Columns":
		cols, why := list(0)
		if why != "" {
			return nil, "squirrel columns: " + why
		}
		change = func(s *sqState) string {
			if name == "Select" {
				s.kind = "select"
			}
			s.columns = append(s.columns, cols...)
			return ""
		}
	case "Column", "From", "Update", "Insert", "Into", "Delete", "Table", "Prefix", "Suffix", "OrderBy", "GroupBy":
		var vals []Values
		if name == "OrderBy" || name == "GroupBy" {
			var why string
			if vals, why = list(0); why != "" {
				return nil, "squirrel " + name + ": " + why
			}
		} else {
			if (name == "Column" || name == "Prefix" || name == "Suffix") && !noArgs(args) {
				return nil, "squirrel's " + name + " with arguments"
			}
			if !isStringType(args[0].Type()) {
				return nil, "squirrel's " + name + " of an expression"
			}
			vals = []Values{str(0)}
		}
		change = func(s *sqState) string {
			switch name {
			case "Column":
				s.columns = append(s.columns, vals[0])
			case "From", "Table", "Into":
				if name == "From" && s.kind == "update" {
					return "squirrel's UPDATE ... FROM is not read"
				}
				s.table, s.hasTable = vals[0], true
			case "Update", "Insert", "Delete":
				s.kind, s.table, s.hasTable = strings.ToLower(name), vals[0], true
			case "Prefix":
				s.prefixes = append(s.prefixes, vals[0])
			case "Suffix":
				s.suffixes = append(s.suffixes, vals[0])
			case "OrderBy":
				s.orderBys = append(s.orderBys, vals...)
			case "GroupBy":
				s.groupBys = append(s.groupBys, vals...)
			}
			return ""
		}
	case "Distinct":
		change = func(s *sqState) string { s.options = append(s.options, "DISTINCT"); return "" }
	case "Limit", "Offset":
		n := number(args[0])
		change = func(s *sqState) string {
			if name == "Limit" {
				s.limit = n
			} else {
				s.offset = n
			}
			return ""
		}
	case "Where":
		var bound []ssa.Value
		unknown := false
		pred := r.sqPredicate(args[0], args[1], b, depth, &bound, &unknown)
		if !pred.Known() {
			return nil, pred.Hole
		}
		change = func(s *sqState) string {
			if t, ok := single(pred); ok && t == "" {
				return "" // Where("") adds nothing
			}
			s.wheres = append(s.wheres, pred)
			s.whereArgs = append(s.whereArgs, bound...)
			s.argsUnknown = s.argsUnknown || unknown
			return ""
		}
	case "Set":
		col := str(0)
		var bound []ssa.Value
		unknown := false
		val, why := r.sqValue(args[1], b, depth, &bound, &unknown)
		if why != "" {
			return nil, why
		}
		change = func(s *sqState) string {
			s.sets = append(s.sets, concat(concat(col, text(" = ")), val))
			s.setArgs = append(s.setArgs, bound...)
			s.argsUnknown = s.argsUnknown || unknown
			return ""
		}
	case "Values":
		elems := arrayElems(sliceArray(args[0]))
		if len(elems) == 0 {
			return nil, "squirrel Values the tool cannot count"
		}
		var bound []ssa.Value
		unknown := false
		row := text("(")
		for i, v := range elems {
			val, why := r.sqValue(v, b, depth, &bound, &unknown)
			if why != "" {
				return nil, why
			}
			if i > 0 {
				row = concat(row, text(","))
			}
			row = concat(row, val)
		}
		row = concat(row, text(")"))
		change = func(s *sqState) string {
			s.rows = append(s.rows, row)
			s.valueArgs = append(s.valueArgs, bound...)
			s.argsUnknown = s.argsUnknown || unknown
			return ""
		}
	case "SetMap":
		m, why := r.sqSetMap(args[0], b, depth)
		if why != "" {
			return nil, why
		}
		change = func(s *sqState) string {
			switch s.kind {
			case "update":
				// Set(key, value) for each key, in sorted order.
				for i, col := range m.cols {
					s.sets = append(s.sets, concat(text(col+" = "), m.vals[i]))
				}
				s.setArgs = append(s.setArgs, m.bound...)
			case "insert":
				// The map's keys, sorted, are the columns and its values the
				// one row: what Columns and Values set before is replaced.
				s.columns = nil
				for _, col := range m.cols {
					s.columns = append(s.columns, text(col))
				}
				row := text("(")
				for i, v := range m.vals {
					if i > 0 {
						row = concat(row, text(","))
					}
					row = concat(row, v)
				}
				s.rows = []Values{concat(row, text(")"))}
				s.valueArgs = append([]ssa.Value(nil), m.bound...)
			default:
				return "squirrel's SetMap on a builder the tool cannot tell"
			}
			s.argsUnknown = s.argsUnknown || m.unknown
			return ""
		}
	case "Join", "LeftJoin", "RightJoin", "InnerJoin", "CrossJoin", "JoinClause":
		pred := args[0]
		if mi, ok := pred.(*ssa.MakeInterface); ok && name == "JoinClause" {
			pred = mi.X // JoinClause takes any: a string or a Sqlizer
		}
		if !isStringType(pred.Type()) {
			return nil, "squirrel's " + name + " of an expression"
		}
		clause := r.value(pred, b, depth)
		if !clause.Known() {
			return nil, clause.Hole
		}
		if t, ok := single(clause); ok && t == "" {
			return nil, "an empty squirrel JoinClause"
		}
		if kw := joinKeyword[name]; kw != "" {
			clause = concat(text(kw+" "), clause)
		}
		var bound []ssa.Value
		unknown := false
		if !noArgs(args) {
			bound = arrayElems(sliceArray(args[1]))
			unknown = bound == nil
		}
		change = func(s *sqState) string {
			if s.kind != "select" {
				return "squirrel's " + name + " on a builder the tool cannot tell"
			}
			s.joins = append(s.joins, clause)
			s.joinArgs = append(s.joinArgs, bound...)
			s.argsUnknown = s.argsUnknown || unknown
			return ""
		}
	case "PlaceholderFormat":
		dollar, ok := placeholderFormat(args[0])
		if !ok {
			return nil, "a squirrel placeholder format the tool cannot tell"
		}
		change = func(s *sqState) string { s.dollar = dollar; return "" }
	case "RunWith":
		change = func(*sqState) string { return "" }
	default:
		return nil, "squirrel's " + name + " is not read"
	}
	out := make([]sqState, 0, len(states))
	for _, s := range states {
		var why string
		ns := s.with(func(s *sqState) { why = change(s) })
		if why != "" {
			return nil, why
		}
		out = append(out, ns)
	}
	return out, ""
}

// joinKeyword is what each of squirrel's join methods writes before the
// text it is given (JoinClause writes the text alone).
var joinKeyword = map[string]string{"Join": "JOIN", "LeftJoin": "LEFT JOIN", "RightJoin": "RIGHT JOIN", "InnerJoin": "INNER JOIN", "CrossJoin": "CROSS JOIN"}

// A setMap is a map given to SetMap: its keys sorted, the text of each
// key's value, and the values bound, in the keys' order.
type setMap struct {
	cols    []string
	vals    []Values
	bound   []ssa.Value
	unknown bool
}

// sqSetMap reads the map a SetMap call is given: a map literal, or a map
// made and filled with constant keys in one block, that nothing else
// changes. A map filled on some branches only, or out of sight, is not
// read.
func (r *resolver) sqSetMap(v ssa.Value, b *binding, depth int) (setMap, string) {
	for {
		if ct, ok := v.(*ssa.ChangeType); ok {
			v = ct.X
			continue
		}
		if p, ok := v.(*ssa.Parameter); ok && b != nil && b.fn == p.Parent() && b.call != nil {
			for i, q := range p.Parent().Params {
				if q == p {
					v, b = b.call.Common().Args[i], b.outer
				}
			}
			if v != ssa.Value(p) {
				continue
			}
		}
		break
	}
	m, ok := v.(*ssa.MakeMap)
	if !ok {
		return setMap{}, "a squirrel SetMap of a map the tool cannot follow"
	}
	entries := map[string]ssa.Value{}
	for _, ref := range *m.Referrers() {
		switch u := ref.(type) {
		case *ssa.MapUpdate:
			k, ok := u.Key.(*ssa.Const)
			if !ok || k.Value == nil || k.Value.Kind() != constant.String {
				return setMap{}, "a squirrel SetMap with a key that is not a constant"
			}
			if u.Block() != m.Block() {
				return setMap{}, "a squirrel SetMap of a map filled on some branches only"
			}
		case *ssa.DebugRef, *ssa.Lookup, *ssa.ChangeType, *ssa.Call:
			if call, ok := ref.(*ssa.Call); ok {
				if fn := call.Common().StaticCallee(); fn == nil || fn.Name() != "SetMap" || !isSquirrelMethod(fn) {
					return setMap{}, "a squirrel SetMap of a map passed on"
				}
			}
		default:
			return setMap{}, "a squirrel SetMap of a map changed out of sight"
		}
	}
	// The updates in the order they run (the block's), a later one of a
	// key replacing an earlier one.
	for _, in := range m.Block().Instrs {
		if u, ok := in.(*ssa.MapUpdate); ok && u.Map == m {
			entries[constant.StringVal(u.Key.(*ssa.Const).Value)] = u.Value
		}
	}
	if len(entries) == 0 {
		return setMap{}, "an empty squirrel SetMap"
	}
	var out setMap
	for k := range entries {
		out.cols = append(out.cols, k)
	}
	sort.Strings(out.cols)
	for _, k := range out.cols {
		val, why := r.sqValue(entries[k], b, depth, &out.bound, &out.unknown)
		if why != "" {
			return setMap{}, why
		}
		out.vals = append(out.vals, val)
	}
	return out, ""
}

// noArgs reports whether the variadic arguments of a call (its last
// argument) are none.
func noArgs(args []ssa.Value) bool {
	last := args[len(args)-1]
	if c, ok := last.(*ssa.Const); ok && c.IsNil() {
		return true
	}
	return false
}

// number is a LIMIT or OFFSET squirrel formats with %d: a constant's
// digits, or a number that becomes a bind parameter.
func number(v ssa.Value) Values {
	if c, ok := v.(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.Int {
		return text(c.Value.ExactString())
	}
	if conv, ok := v.(*ssa.Convert); ok {
		return number(conv.X)
	}
	return Values{Set: []Value{{Parts: []Part{{Number: true}}}}}
}

// placeholderFormat reads squirrel.Dollar or squirrel.Question.
func placeholderFormat(v ssa.Value) (dollar, ok bool) {
	if mi, isMI := v.(*ssa.MakeInterface); isMI {
		v = mi.X
	}
	load, isLoad := v.(*ssa.UnOp)
	if !isLoad || load.Op != token.MUL {
		return false, false
	}
	g, isG := load.X.(*ssa.Global)
	if !isG {
		return false, false
	}
	obj, _ := g.Object().(*types.Var)
	if obj == nil || obj.Pkg() == nil || obj.Pkg().Path() != squirrelPath {
		return false, false
	}
	switch obj.Name() {
	case "Dollar":
		return true, true
	case "Question":
		return false, true
	}
	return false, false
}

// sqPredicate renders a Where predicate: a string, squirrel's Eq, NotEq,
// Lt, Gt, LtOrEq or GtOrEq map literals, or Expr.
func (r *resolver) sqPredicate(v, predArgs ssa.Value, b *binding, depth int, bound *[]ssa.Value, unknown *bool) Values {
	if call := exprCall(v); call != nil {
		return r.sqExpr(call, b, depth, bound, unknown)
	}
	mi, ok := v.(*ssa.MakeInterface)
	if !ok {
		return hole("a squirrel predicate of a type the tool cannot tell")
	}
	x := mi.X
	if isStringType(x.Type()) {
		if predArgs == nil {
			return hole("a squirrel predicate of a type the tool cannot tell")
		}
		if c, ok := predArgs.(*ssa.Const); !ok || !c.IsNil() {
			elems := arrayElems(sliceArray(predArgs))
			if elems == nil {
				*unknown = true
			}
			*bound = append(*bound, elems...)
		}
		return r.value(x, b, depth)
	}
	named, _ := types.Unalias(x.Type()).(*types.Named)
	if named == nil || named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != squirrelPath {
		return hole("a squirrel predicate of a type the tool does not read")
	}
	if sep := map[string]string{"And": " AND ", "Or": " OR "}[named.Obj().Name()]; sep != "" {
		return r.sqConj(x, named.Obj().Name(), sep, b, depth, bound, unknown)
	}
	op := map[string]string{"Eq": "=", "NotEq": "<>", "Lt": "<", "Gt": ">", "LtOrEq": "<=", "GtOrEq": ">="}[named.Obj().Name()]
	if op == "" {
		return hole("squirrel's " + named.Obj().Name() + " is not read")
	}
	m, ok := x.(*ssa.MakeMap)
	if !ok {
		return hole("a squirrel " + named.Obj().Name() + " that is not a map literal")
	}
	entries := map[string]Values{}
	values := map[string]ssa.Value{}
	lists := map[string]bool{}
	for _, ref := range *m.Referrers() {
		switch u := ref.(type) {
		case *ssa.MapUpdate:
			k, ok := u.Key.(*ssa.Const)
			if !ok || k.Value == nil || k.Value.Kind() != constant.String {
				return hole("a squirrel " + named.Obj().Name() + " with a key that is not a constant")
			}
			key := constant.StringVal(k.Value)
			expr, binds, why := eqEntry(key, op, u.Value)
			if why != "" {
				return hole(why)
			}
			entries[key] = expr
			delete(values, key)
			delete(lists, key)
			switch binds {
			case bindsValue:
				values[key] = u.Value
			case bindsList:
				lists[key] = true
			}
		case *ssa.DebugRef:
		default:
			if ref != mi {
				return hole("a squirrel " + named.Obj().Name() + " changed after it is made")
			}
		}
	}
	if len(entries) == 0 {
		return hole("an empty squirrel " + named.Obj().Name())
	}
	keys := make([]string, 0, len(entries))
	for k := range entries {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := text("")
	for i, k := range keys {
		if i > 0 {
			out = concat(out, text(" AND "))
		}
		out = concat(out, entries[k])
		if v, ok := values[k]; ok {
			*bound = append(*bound, v)
		}
		if lists[k] {
			// A list of run-time length, whose items one parameter of the
			// text stands for: the parameters after it are numbered from it.
			*bound = append(*bound, nil)
		}
	}
	return out
}

// sqConj renders squirrel's And or Or of a slice literal of predicates:
// each in parentheses joined by the operator. An empty one is not read
// (squirrel writes a constant for it).
func (r *resolver) sqConj(v ssa.Value, name, sep string, b *binding, depth int, bound *[]ssa.Value, unknown *bool) Values {
	if ct, ok := v.(*ssa.ChangeType); ok {
		v = ct.X
	}
	elems := arrayElems(sliceArray(v))
	if len(elems) == 0 {
		return hole("a squirrel " + name + " that is not a slice literal")
	}
	out := text("(")
	for i, e := range elems {
		if e == nil {
			return hole("a squirrel " + name + " with an element the tool cannot tell")
		}
		p := r.sqPredicate(e, nil, b, depth, bound, unknown)
		if !p.Known() {
			return p
		}
		if t, ok := single(p); ok && t == "" {
			return hole("a squirrel " + name + " with an empty predicate")
		}
		if i > 0 {
			out = concat(out, text(sep))
		}
		out = concat(out, p)
	}
	return concat(out, text(")"))
}

// What one key of a comparison map binds.
const (
	bindsNothing = iota // key IS NULL
	bindsValue          // key = ?
	bindsList           // key IN (?, ...)
)

// eqEntry renders one key of a comparison map as squirrel v1.5.4's Eq
// and NotEq write it: key op ?; IS NULL (IS NOT NULL) for nil; for a
// slice (not []byte, a driver value), key IN (?,...) (NOT IN) with one
// parameter per item, which one parameter stands for here (the items of
// one list), and for an empty slice Eq's (1=0), which matches no row and
// is left out, or NotEq's (1=1), which drops the condition and is a
// variant of its own. A value that may be nil at run time (a pointer, an
// interface) or that a Valuer turns into another is not rebuilt.
func eqEntry(key, op string, v ssa.Value) (Values, int, string) {
	mi, ok := v.(*ssa.MakeInterface)
	if !ok {
		if c, ok := v.(*ssa.Const); ok && c.IsNil() {
			switch op {
			case "=":
				return text(key + " IS NULL"), bindsNothing, ""
			case "<>":
				return text(key + " IS NOT NULL"), bindsNothing, ""
			}
		}
		return Values{}, 0, "a squirrel comparison with a value the tool cannot tell"
	}
	if implementsValuer(mi.X.Type()) {
		return Values{}, 0, "a squirrel comparison with a driver.Valuer"
	}
	switch t := mi.X.Type().Underlying().(type) {
	case *types.Basic, *types.Struct:
	case *types.Slice:
		if b, ok := t.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte {
			return text(key + " " + op + " ?"), bindsValue, "" // a driver value, bound whole
		}
		switch op {
		case "=":
			return text(key + " IN (?)"), bindsList, ""
		case "<>":
			return union(text(key+" NOT IN (?)"), text("(1=1)")), bindsList, ""
		}
		return Values{}, 0, "a squirrel " + op + " comparison with a list"
	default:
		return Values{}, 0, "a squirrel comparison with a list, pointer or interface value"
	}
	return text(key + " " + op + " ?"), bindsValue, ""
}

func implementsValuer(t types.Type) bool {
	for _, rt := range []types.Type{t, types.NewPointer(t)} {
		ms := types.NewMethodSet(rt)
		for i := range ms.Len() {
			if ms.At(i).Obj().Name() == "Value" {
				return true
			}
		}
	}
	return false
}

// exprCall returns the squirrel.Expr call a value is (Expr returns the
// Sqlizer interface: passed as any, it is changed, not made, into one).
func exprCall(v ssa.Value) *ssa.Call {
	if ci, ok := v.(*ssa.ChangeInterface); ok {
		v = ci.X
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return nil
	}
	fn := call.Common().StaticCallee()
	if fn == nil || fn.Name() != "Expr" || fn.Signature.Recv() != nil {
		return nil
	}
	if obj, ok := fn.Object().(*types.Func); !ok || obj.Pkg() == nil || obj.Pkg().Path() != squirrelPath {
		return nil
	}
	return call
}

// sqExpr renders squirrel.Expr(sql, args...) whose arguments are plain
// values (not builders squirrel would expand into the text).
func (r *resolver) sqExpr(call *ssa.Call, b *binding, depth int, bound *[]ssa.Value, unknown *bool) Values {
	args := call.Common().Args
	if c, ok := args[1].(*ssa.Const); !ok || !c.IsNil() {
		elems := arrayElems(sliceArray(args[1]))
		if elems == nil {
			*unknown = true
		}
		for _, a := range elems {
			if _, why := r.sqValue(a, b, depth, bound, unknown); why != "" {
				return hole(why)
			}
		}
	}
	return r.value(args[0], b, depth)
}

// sqValue renders a value bound by Set or Values: ? for a plain value,
// the text of an Expr.
func (r *resolver) sqValue(v ssa.Value, b *binding, depth int, bound *[]ssa.Value, unknown *bool) (Values, string) {
	if call := exprCall(v); call != nil {
		vs := r.sqExpr(call, b, depth, bound, unknown)
		if !vs.Known() {
			return Values{}, vs.Hole
		}
		return vs, ""
	}
	mi, ok := v.(*ssa.MakeInterface)
	if !ok {
		if c, ok := v.(*ssa.Const); ok && c.IsNil() {
			*bound = append(*bound, v)
			return text("?"), ""
		}
		return Values{}, "a squirrel value the tool cannot tell"
	}
	if named, ok := types.Unalias(mi.X.Type()).(*types.Named); ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == squirrelPath {
		return Values{}, "a squirrel expression the tool does not read"
	}
	if _, isIface := mi.X.Type().Underlying().(*types.Interface); isIface {
		return Values{}, "a squirrel value of an interface type"
	}
	*bound = append(*bound, v)
	return text("?"), ""
}

// render is the text of a state, as squirrel's ToSql writes it.
func (s sqState) render() Values {
	out := text("")
	add := func(v Values) { out = concat(out, v) }
	join := func(vs []Values, sep string) {
		for i, v := range vs {
			if i > 0 {
				add(text(sep))
			}
			add(v)
		}
	}
	if len(s.prefixes) > 0 {
		join(s.prefixes, " ")
		add(text(" "))
	}
	switch s.kind {
	case "select":
		if len(s.columns) == 0 {
			return hole("a squirrel select with no columns")
		}
		add(text("SELECT "))
		if len(s.options) > 0 {
			add(text(strings.Join(s.options, " ") + " "))
		}
		join(s.columns, ", ")
		if s.hasTable {
			add(text(" FROM "))
			add(s.table)
		}
		if len(s.joins) > 0 {
			add(text(" "))
			join(s.joins, " ")
		}
	case "update":
		if len(s.sets) == 0 {
			return hole("a squirrel update with no Set")
		}
		add(text("UPDATE "))
		add(s.table)
		add(text(" SET "))
		join(s.sets, ", ")
	case "delete":
		add(text("DELETE FROM "))
		add(s.table)
	case "insert":
		if len(s.rows) == 0 {
			return hole("a squirrel insert with no Values")
		}
		add(text("INSERT "))
		add(text("INTO "))
		add(s.table)
		add(text(" "))
		if len(s.columns) > 0 {
			add(text("("))
			join(s.columns, ",")
			add(text(") "))
		}
		add(text("VALUES "))
		join(s.rows, ",")
		if len(s.suffixes) > 0 {
			add(text(" "))
			join(s.suffixes, " ")
		}
		return s.placeholders(out)
	default:
		return hole("a squirrel StatementBuilder that builds no statement")
	}
	if len(s.wheres) > 0 {
		add(text(" WHERE "))
		join(s.wheres, " AND ")
	}
	if len(s.groupBys) > 0 && s.kind == "select" {
		add(text(" GROUP BY "))
		join(s.groupBys, ", ")
	}
	if len(s.orderBys) > 0 {
		add(text(" ORDER BY "))
		join(s.orderBys, ", ")
	}
	if s.limit.Set != nil {
		add(text(" LIMIT "))
		add(s.limit)
	}
	if s.offset.Set != nil {
		add(text(" OFFSET "))
		add(s.offset)
	}
	if len(s.suffixes) > 0 {
		add(text(" "))
		join(s.suffixes, " ")
	}
	return s.placeholders(out)
}

// placeholders numbers the ? of the text as $1, $2... for the Dollar
// format, as squirrel does: ?? is a literal ?, and nothing is skipped
// (squirrel does not read quotes). A number formatted into the text
// (a LIMIT from a variable) leaves the text unread with the ? format,
// where its parameter would mix with the ? ones.
func (s sqState) placeholders(vs Values) Values {
	out := Values{Hole: vs.Hole}
	for _, v := range vs.Set {
		n := 0
		parts := make([]Part, len(v.Parts))
		for i, p := range v.Parts {
			if p.Number && !s.dollar {
				return hole("a squirrel LIMIT or OFFSET from a variable, with ? placeholders")
			}
			if plain(p) && s.dollar {
				var b strings.Builder
				t := p.Text
				for {
					j := strings.Index(t, "?")
					if j < 0 {
						b.WriteString(t)
						break
					}
					b.WriteString(t[:j])
					if j+1 < len(t) && t[j+1] == '?' {
						b.WriteString("?")
						t = t[j+2:]
						continue
					}
					n++
					b.WriteString("$" + strconv.Itoa(n))
					t = t[j+1:]
				}
				p.Text = b.String()
			}
			parts[i] = p
		}
		out.Set = append(out.Set, Value{Parts: parts, At: v.At})
	}
	return out
}

// BoundConstants returns the string constants a slice of bound arguments
// holds, by parameter number ($1 is 1), for the parameters bound to one:
// a slice literal ([]any{"queued", id}), or the arguments a squirrel
// builder's ToSql returns with its text. Nil when the tool cannot list
// the slice's elements in order.
func (e *Effects) BoundConstants(args ssa.Value) map[int]string {
	if e == nil || e.Pkg() == nil || args == nil {
		return nil
	}
	if x, ok := args.(*ssa.Extract); ok && x.Index == 1 {
		call, ok := x.Tuple.(*ssa.Call)
		if ok && IsGoquToSQL(call.Common()) {
			return e.GoquConstants(call.Common().Args[0])
		}
		if !ok || !IsSquirrelToSQL(call.Common()) {
			return nil
		}
		return e.SquirrelConstants(call.Common().Args[0])
	}
	elems := arrayElems(sliceArray(args))
	if elems == nil {
		return nil
	}
	out := map[int]string{}
	for i, v := range elems {
		if mi, ok := v.(*ssa.MakeInterface); ok {
			v = mi.X
		}
		if c, ok := v.(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.String {
			out[i+1] = constant.StringVal(c.Value)
		}
	}
	return out
}

// SquirrelConstants is BoundConstants for a builder that runs itself
// (RunWith(db).Exec()).
func (e *Effects) SquirrelConstants(builder ssa.Value) map[int]string {
	if e == nil || e.Pkg() == nil || builder == nil {
		return nil
	}
	r := &resolver{e: e, onStack: map[any]bool{}}
	states, why := r.sqStates(builder, nil, 0)
	if why != "" || len(states) != 1 || states[0].argsUnknown {
		return nil
	}
	out := map[int]string{}
	for i, v := range states[0].boundArgs() {
		if v == nil {
			continue // a list, whose one parameter stands for its items
		}
		if mi, ok := v.(*ssa.MakeInterface); ok {
			v = mi.X
		}
		if c, ok := v.(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.String {
			out[i+1] = constant.StringVal(c.Value)
		}
	}
	return out
}

// boundArgs are the values bound to a state's ? in the order squirrel
// appends them: the SET values or the VALUES rows, then the JOINs' and
// the WHERE's; a
// nil stands for the items of a list (Eq{"id": ids}), one parameter of the
// text.
func (s sqState) boundArgs() []ssa.Value {
	out := append(append([]ssa.Value(nil), s.setArgs...), s.valueArgs...)
	out = append(out, s.joinArgs...)
	return append(out, s.whereArgs...)
}
