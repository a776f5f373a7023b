package sqlcheck

import (
	"slices"
	"strconv"
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"google.golang.org/protobuf/proto"
)

// A ValueKind says what the right-hand side of a predicate or assignment is.
type ValueKind int

const (
	ValueOther    ValueKind = iota // an expression jobqlint does not model
	ValueConst                     // a literal: 'queued', 42, true
	ValueParam                     // a bind parameter: $1
	ValueNow                       // the current time, possibly shifted: now(), now() + interval '5 min'
	ValueColumn                    // another column
	ValueSubquery                  // a scalar or set subquery
	ValueNull                      // NULL
)

// A Value is the right-hand side of a predicate or an assignment.
type Value struct {
	Kind  ValueKind
	Str   string // ValueConst: the literal, strings unquoted; ValueColumn: the column name
	Param int    // ValueParam: the parameter number
	Sub   *Stmt  // ValueSubquery: the subquery's facts
	Text  string // the expression as SQL
	// Cases holds, for a CASE whose results are all constants, those
	// constants: CASE WHEN attempts >= 5 THEN 'failed' ELSE 'queued' END.
	Cases []string
	// Arms holds, for any CASE, its conditions and what each gives, in
	// order, the ELSE (or the NULL a missing ELSE gives) last.
	Arms []Arm
}

// An Arm is one branch of a CASE: its condition and its result. A row
// takes the first arm whose condition holds, so an arm applies only to
// rows for which no earlier arm's condition held.
type Arm struct {
	When   []Pred // the condition's conjuncts; nil for the ELSE
	Result Value
}

// Pred ops. Comparisons are normalized so that the column is on the left.
const (
	OpEq        = "="
	OpNe        = "<>"
	OpLt        = "<"
	OpLe        = "<="
	OpGt        = ">"
	OpGe        = ">="
	OpIn        = "in"     // col IN (...), col = ANY(...)
	OpNotIn     = "not in" // col NOT IN (...), col <> ALL(...)
	OpIsNull    = "is null"
	OpIsNotNull = "is not null"
	OpOther     = "other" // anything else (OR trees, function calls, LIKE...)
)

// A Pred is one conjunct of a WHERE clause (or of an index predicate).
//
// An OR whose branches each compare one column with constants is read as
// the IN list it means: status = 'queued' OR status = 'retry' is
// status IN ('queued', 'retry'). Any other OR is OpOther, with its branches
// kept: status = 'queued' OR (status = 'running' AND locked_until < now())
// has two, and Column is set when every branch constrains that one column.
type Pred struct {
	Column   string   // the column constrained, without its table qualifier; "" if none
	Op       string   // one of the Op constants
	Values   []Value  // the right-hand side(s)
	Text     string   // the conjunct as SQL
	Branches [][]Pred // an OR's branches, each a conjunction; nil for anything else
	// BoolTest is, for a conjunct written col IS [NOT] TRUE or FALSE,
	// that test ("IS FALSE"): IS FALSE admits the rows col = false does,
	// but PostgreSQL proves a partial index's predicate of one form only
	// from the same form (see sameForm).
	BoolTest string
	// Wrapped says the column is read through a function or COALESCE
	// (lower(status) = 'queued', COALESCE(status, '') NOT IN ('done')):
	// the states are the column's, but no index on the column serves the
	// conjunct, and only an index predicate of the same text is implied
	// by it.
	Wrapped bool
	// OrNull says the conjunct admits NULL as well as the values its Op
	// gives: status IS DISTINCT FROM 'sent', COALESCE(status, '') NOT IN
	// ('pending', 'processed') (NULL becomes '', which the list leaves in).
	OrNull bool
	// Inert says the conjunct keeps rows that are not runnable as much as
	// runnable ones, as deleted_at IS NULL on a soft-deleted table whose
	// jobs are finished by their state: the caller that knows the queue
	// says so. An index on it finds no runnable rows, though the conjunct
	// still takes part in a partial index's predicate.
	Inert bool
	// nullDecided says NULL rows get a truth value, not NULL, so that a
	// NOT of the conjunct admits them when it does not: true of
	// COALESCE(col, 'x') and of IS [NOT] DISTINCT FROM.
	nullDecided bool
	// indexText is, for a Wrapped or OrNull conjunct, its text with the
	// columns unqualified: the partial index predicate that serves it.
	indexText string
}

// conjuncts splits a boolean expression on top-level ANDs.
func conjuncts(n *pg.Node) []*pg.Node {
	if n == nil {
		return nil
	}
	if b := n.GetBoolExpr(); b != nil && b.GetBoolop() == pg.BoolExprType_AND_EXPR {
		var out []*pg.Node
		for _, a := range b.GetArgs() {
			out = append(out, conjuncts(a)...)
		}
		return out
	}
	return []*pg.Node{n}
}

// preds turns a WHERE clause into its conjuncts, each modelled as far as it goes.
func preds(where *pg.Node) []Pred {
	var out []Pred
	for _, c := range conjuncts(where) {
		out = append(out, pred(c))
	}
	return out
}

// boolConst returns the value of a boolean literal (true, false).
func boolConst(n *pg.Node) (bool, bool) {
	if c := n.GetAConst(); c != nil && c.GetBoolval() != nil {
		return c.GetBoolval().GetBoolval(), true
	}
	return false, false
}

// negated maps an op to the one NOT gives.
var negated = map[string]string{OpEq: OpNe, OpNe: OpEq, OpIn: OpNotIn, OpNotIn: OpIn, OpIsNull: OpIsNotNull, OpIsNotNull: OpIsNull}

var flipped = map[string]string{OpEq: OpEq, OpNe: OpNe, OpLt: OpGt, OpLe: OpGe, OpGt: OpLt, OpGe: OpLe}

func pred(n *pg.Node) Pred {
	p := predOf(n)
	if p.Wrapped || p.OrNull {
		p.indexText = unqualified(n)
	}
	return p
}

// unqualified renders an expression with its columns unqualified
// (COALESCE(o.status, 'new') is COALESCE(status, 'new')), as an index
// predicate names them.
func unqualified(n *pg.Node) string {
	c := proto.Clone(n).(*pg.Node)
	walk(c, func(m *pg.Node) bool {
		if ref := m.GetColumnRef(); ref != nil && len(ref.Fields) > 1 {
			ref.Fields = ref.Fields[len(ref.Fields)-1:]
		}
		return true
	})
	return Deparse(c)
}

func predOf(n *pg.Node) Pred {
	p := Pred{Op: OpOther, Text: Deparse(n)}
	switch {
	case n.GetAExpr() != nil:
		e := n.GetAExpr()
		op := opName(e.GetName())
		if op == "!=" {
			op = OpNe
		}
		l, r := e.GetLexpr(), e.GetRexpr()
		switch e.GetKind() {
		case pg.A_Expr_Kind_AEXPR_OP:
			if _, ok := flipped[op]; !ok {
				return p
			}
			if col, v, ok := elapsedSince(l, r); ok && op != OpEq && op != OpNe {
				p.Column, p.Op, p.Values = col, flipped[op], []Value{v}
			} else if col, v, ok := elapsedSince(r, l); ok && op != OpEq && op != OpNe {
				p.Column, p.Op, p.Values = col, op, []Value{v}
			} else if col := columnName(l); col != "" {
				p.Column, p.Op, p.Values = col, op, []Value{value(r)}
			} else if col := columnName(r); col != "" {
				p.Column, p.Op, p.Values = col, flipped[op], []Value{value(l)}
			} else if op == OpEq || op == OpNe {
				if w, ok := wrappedColumn(l); ok {
					return w.pred(p, op, []Value{value(r)})
				}
				if w, ok := wrappedColumn(r); ok {
					return w.pred(p, op, []Value{value(l)})
				}
			}
			if b, ok := boolConst(r); ok && p.Op == OpNe && columnName(l) != "" {
				// reminded <> true is reminded = false: a boolean is
				// one or the other, and NULL passes neither (PostgreSQL
				// proves NOT reminded from it, see sameForm).
				p.Op, p.Values = OpEq, []Value{{Kind: ValueConst, Str: strconv.FormatBool(!b), Text: strconv.FormatBool(!b)}}
			}
		case pg.A_Expr_Kind_AEXPR_IN:
			col := columnName(l)
			w, wrapped := wrappedColumn(l)
			if col == "" && !wrapped {
				return p
			}
			p.Column, p.Op = col, OpIn
			if op == OpNe {
				p.Op = OpNotIn
			}
			for _, item := range r.GetList().GetItems() {
				p.Values = append(p.Values, value(item))
			}
			if col == "" {
				return w.pred(p, p.Op, p.Values)
			}
		case pg.A_Expr_Kind_AEXPR_DISTINCT, pg.A_Expr_Kind_AEXPR_NOT_DISTINCT:
			// status IS DISTINCT FROM 'sent' admits NULL and every other
			// value; IS NOT DISTINCT FROM 'sent' is = 'sent'; either form
			// with NULL is a null test.
			col, other := columnName(l), r
			if col == "" {
				col, other = columnName(r), l
			}
			if col == "" {
				return p
			}
			distinct := e.GetKind() == pg.A_Expr_Kind_AEXPR_DISTINCT
			p.Column, p.nullDecided = col, true
			switch v := value(other); {
			case v.Kind == ValueNull && distinct:
				p.Op = OpIsNotNull
			case v.Kind == ValueNull:
				p.Op = OpIsNull
			case distinct:
				p.Op, p.Values, p.OrNull = OpNe, []Value{v}, true
			default:
				p.Op, p.Values = OpEq, []Value{v}
			}
		case pg.A_Expr_Kind_AEXPR_OP_ANY, pg.A_Expr_Kind_AEXPR_OP_ALL:
			col := columnName(l)
			w, wrapped := wrappedColumn(l)
			if col == "" && !wrapped {
				return p
			}
			isAny := e.GetKind() == pg.A_Expr_Kind_AEXPR_OP_ANY
			switch {
			case isAny && op == OpEq:
				p.Op = OpIn
			case !isAny && op == OpNe:
				p.Op = OpNotIn
			default:
				return p
			}
			p.Column = col
			if arr := stripCast(r).GetAArrayExpr(); arr != nil {
				for _, item := range arr.GetElements() {
					p.Values = append(p.Values, value(item))
				}
			} else {
				p.Values = expandArrays([]Value{value(r)})
			}
			if col == "" {
				p.Column = ""
				return w.pred(p, p.Op, p.Values)
			}
		}
	case n.GetNullTest() != nil:
		t := n.GetNullTest()
		if col := columnName(t.GetArg()); col != "" {
			p.Column, p.Op = col, OpIsNull
			if t.GetNulltesttype() == pg.NullTestType_IS_NOT_NULL {
				p.Op = OpIsNotNull
			}
		}
	case n.GetBooleanTest() != nil:
		return boolTest(p, n.GetBooleanTest())
	case n.GetColumnRef() != nil: // WHERE done
		p.Column, p.Op = columnName(n), OpEq
		p.Values = []Value{{Kind: ValueConst, Str: "true", Text: "true"}}
	case n.GetBoolExpr() != nil && n.GetBoolExpr().GetBoolop() == pg.BoolExprType_OR_EXPR:
		return orPred(p, n)
	case n.GetBoolExpr() != nil && n.GetBoolExpr().GetBoolop() == pg.BoolExprType_NOT_EXPR:
		args := n.GetBoolExpr().GetArgs()
		if len(args) == 1 && columnName(args[0]) != "" { // WHERE NOT done
			p.Column, p.Op = columnName(args[0]), OpEq
			p.Values = []Value{{Kind: ValueConst, Str: "false", Text: "false"}}
		} else if len(args) == 1 {
			// NOT (status = 'done') is status <> 'done', NULL included.
			inner := pred(args[0])
			if neg, ok := negated[inner.Op]; ok && inner.Column != "" {
				p.Column, p.Op, p.Values = inner.Column, neg, inner.Values
				// NOT (COALESCE(status, '') = 'done') admits the NULL
				// rows the inner conjunct turns away; NOT of a plain
				// comparison is NULL on them, as the comparison is.
				p.Wrapped, p.nullDecided = inner.Wrapped, inner.nullDecided
				p.OrNull = inner.nullDecided && !inner.OrNull
			}
		}
	case n.GetSubLink() != nil:
		// col IN (SELECT ...) arrives as an ANY sublink.
		s := n.GetSubLink()
		if s.GetSubLinkType() == pg.SubLinkType_ANY_SUBLINK {
			if col := columnName(s.GetTestexpr()); col != "" {
				p.Column, p.Op = col, OpIn
				p.Values = []Value{{Kind: ValueSubquery, Sub: facts(s.GetSubselect()), Text: Deparse(s.GetSubselect())}}
			}
		}
	}
	return p
}

// A wrapped column is a column read through a function that keeps its
// states apart (lower, upper, trim) or through COALESCE with a constant
// (COALESCE(status, 'new'), which gives NULL rows that constant).
type wrapped struct {
	col    string
	nullAs *Value // COALESCE's constant; nil for a function
}

// wrappedFuncs are the functions of one text argument that map distinct
// states to distinct values (as a queue writes them: one spelling each).
var wrappedFuncs = map[string]bool{"lower": true, "upper": true, "btrim": true, "trim": true, "ltrim": true, "rtrim": true}

// wrappedColumn reads lower(status), COALESCE(status, 'new'), casts of
// either, and one inside the other.
func wrappedColumn(n *pg.Node) (wrapped, bool) {
	n = stripCast(n)
	if f := n.GetFuncCall(); f != nil && wrappedFuncs[opName(f.GetFuncname())] && len(f.GetArgs()) == 1 {
		if col := columnName(f.GetArgs()[0]); col != "" {
			return wrapped{col: col}, true
		}
		if w, ok := wrappedColumn(f.GetArgs()[0]); ok && w.nullAs == nil {
			return w, true
		}
		return wrapped{}, false
	}
	c := n.GetCoalesceExpr()
	if c == nil || len(c.GetArgs()) != 2 {
		return wrapped{}, false
	}
	d := value(c.GetArgs()[1])
	if d.Kind != ValueConst {
		return wrapped{}, false
	}
	col := columnName(c.GetArgs()[0])
	if col == "" {
		w, ok := wrappedColumn(c.GetArgs()[0])
		if !ok || w.nullAs != nil {
			return wrapped{}, false
		}
		col = w.col
	}
	return wrapped{col: col, nullAs: &d}, true
}

// pred completes a conjunct comparing a wrapped column with values by op
// (=, <>, IN, NOT IN): under COALESCE, NULL rows are admitted when the
// constant they become is, which only constant values tell.
func (w wrapped) pred(p Pred, op string, vals []Value) Pred {
	p.Column, p.Op, p.Values, p.Wrapped = w.col, op, vals, true
	if w.nullAs == nil {
		return p
	}
	if !allValues(expandArrays(vals), ValueConst) {
		return Pred{Op: OpOther, Text: p.Text}
	}
	in := slices.ContainsFunc(expandArrays(vals), func(v Value) bool { return v.Str == w.nullAs.Str })
	p.nullDecided = true
	p.OrNull = in == (op == OpEq || op == OpIn)
	return p
}

// boolTest models col IS [NOT] TRUE / FALSE / UNKNOWN: IS TRUE is = true;
// IS NOT TRUE admits false and NULL, as the OR it means.
func boolTest(p Pred, t *pg.BooleanTest) Pred {
	col := columnName(t.GetArg())
	if col == "" {
		return p
	}
	eq := func(v string) Pred {
		return Pred{Column: col, Op: OpEq, Values: []Value{{Kind: ValueConst, Str: v, Text: v}}, Text: col + " = " + v}
	}
	null := Pred{Column: col, Op: OpIsNull, Text: col + " IS NULL"}
	p.Column = col
	switch t.GetBooltesttype() {
	case pg.BoolTestType_IS_TRUE:
		p.Op, p.Values, p.BoolTest = OpEq, eq("true").Values, "IS TRUE"
	case pg.BoolTestType_IS_FALSE:
		p.Op, p.Values, p.BoolTest = OpEq, eq("false").Values, "IS FALSE"
	case pg.BoolTestType_IS_NOT_TRUE:
		p.Branches, p.BoolTest = [][]Pred{{eq("false")}, {null}}, "IS NOT TRUE"
	case pg.BoolTestType_IS_NOT_FALSE:
		p.Branches, p.BoolTest = [][]Pred{{eq("true")}, {null}}, "IS NOT FALSE"
	case pg.BoolTestType_IS_UNKNOWN:
		p.Op = OpIsNull
	case pg.BoolTestType_IS_NOT_UNKNOWN:
		p.Op = OpIsNotNull
	default:
		p.Column = ""
	}
	return p
}

// orPred models an OR: as an IN list when every branch compares the same
// column with constants, else as its branches.
func orPred(p Pred, n *pg.Node) Pred {
	for _, d := range disjuncts(n) {
		p.Branches = append(p.Branches, preds(d))
	}
	p.Column = orColumn(p.Branches)
	if p.Column == "" {
		return p
	}
	var in []Value
	for _, b := range p.Branches {
		if len(b) != 1 || (b[0].Op != OpEq && b[0].Op != OpIn) || !allValues(b[0].Values, ValueConst) {
			return p
		}
		in = append(in, b[0].Values...)
	}
	p.Op, p.Values, p.Branches = OpIn, in, nil
	return p
}

// disjuncts splits a boolean expression on top-level ORs.
func disjuncts(n *pg.Node) []*pg.Node {
	if b := n.GetBoolExpr(); b != nil && b.GetBoolop() == pg.BoolExprType_OR_EXPR {
		var out []*pg.Node
		for _, a := range b.GetArgs() {
			out = append(out, disjuncts(a)...)
		}
		return out
	}
	return []*pg.Node{n}
}

// orColumn returns the first column of the first branch that every branch
// constrains, or "".
func orColumn(branches [][]Pred) string {
	for _, p := range branches[0] {
		if !constrains(p) {
			continue
		}
		all := true
		for _, b := range branches[1:] {
			all = all && slices.ContainsFunc(b, func(q Pred) bool { return constrains(q) && q.Column == p.Column })
		}
		if all {
			return p.Column
		}
	}
	return ""
}

// constrains reports whether p is a modelled predicate on a column.
func constrains(p Pred) bool {
	return p.Column != "" && (p.Op != OpOther || p.Branches != nil)
}

// expandArrays replaces a constant array literal among vs ('{queued,retry}',
// as in status = ANY('{queued,retry}')) by its elements.
func expandArrays(vs []Value) []Value {
	var out []Value
	for _, v := range vs {
		elems, ok := arrayLiteral(v)
		if !ok {
			if s := strings.TrimSpace(v.Str); v.Kind == ValueConst && strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}") {
				v.Kind = ValueOther // an array this does not read: '{queued,NULL}'
			}
			out = append(out, v)
			continue
		}
		for _, e := range elems {
			out = append(out, Value{Kind: ValueConst, Str: e, Text: "'" + strings.ReplaceAll(e, "'", "''") + "'"})
		}
	}
	return out
}

// arrayLiteral splits a one-dimensional array constant written as text:
// {a,b,"c d"}. It declines NULL elements and nested arrays.
func arrayLiteral(v Value) ([]string, bool) {
	s := strings.TrimSpace(v.Str)
	if v.Kind != ValueConst || len(s) < 2 || s[0] != '{' || s[len(s)-1] != '}' {
		return nil, false
	}
	s = s[1 : len(s)-1]
	if strings.TrimSpace(s) == "" {
		return []string{}, true
	}
	var (
		out    []string
		cur    strings.Builder
		quoted bool // the current element was quoted
		inQ    bool
	)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case inQ && c == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
		case c == '"':
			inQ, quoted = !inQ, true
		case inQ:
			cur.WriteByte(c)
		case c == '{' || c == '}':
			return nil, false
		case c == ',':
			e := cur.String()
			if !quoted {
				e = strings.TrimSpace(e)
				if strings.EqualFold(e, "null") {
					return nil, false
				}
			}
			out = append(out, e)
			cur.Reset()
			quoted = false
		default:
			cur.WriteByte(c)
		}
	}
	if inQ {
		return nil, false
	}
	e := cur.String()
	if !quoted {
		e = strings.TrimSpace(e)
		if strings.EqualFold(e, "null") {
			return nil, false
		}
	}
	return append(out, e), true
}

func opName(names []*pg.Node) string {
	if len(names) == 0 {
		return ""
	}
	return names[len(names)-1].GetString_().GetSval()
}

// columnName returns the column of a (possibly qualified, possibly cast)
// column reference, or "".
func columnName(n *pg.Node) string {
	ref := stripCast(n).GetColumnRef()
	if ref == nil {
		return ""
	}
	fields := ref.GetFields()
	if len(fields) == 0 {
		return ""
	}
	return fields[len(fields)-1].GetString_().GetSval()
}

func stripCast(n *pg.Node) *pg.Node {
	for n.GetTypeCast() != nil {
		n = n.GetTypeCast().GetArg()
	}
	return n
}

// value models an expression on the right of a comparison or in SET.
func value(n *pg.Node) Value {
	v := Value{Kind: ValueOther, Text: Deparse(n)}
	inner := stripCast(n)
	switch {
	case inner.GetAConst() != nil:
		c := inner.GetAConst()
		v.Kind = ValueConst
		switch {
		case c.GetIsnull():
			v.Kind = ValueNull
		case c.GetSval() != nil:
			v.Str = c.GetSval().GetSval()
		case c.GetIval() != nil:
			v.Str = Deparse(inner)
		case c.GetFval() != nil:
			v.Str = c.GetFval().GetFval()
		case c.GetBoolval() != nil:
			v.Str = "false"
			if c.GetBoolval().GetBoolval() {
				v.Str = "true"
			}
		default:
			v.Str = Deparse(inner)
		}
	case inner.GetParamRef() != nil:
		v.Kind, v.Param = ValueParam, int(inner.GetParamRef().GetNumber())
	case inner.GetColumnRef() != nil:
		v.Kind, v.Str = ValueColumn, columnName(inner)
	case inner.GetSubLink() != nil:
		v.Kind, v.Sub = ValueSubquery, facts(inner.GetSubLink().GetSubselect())
	case isNow(inner):
		v.Kind = ValueNow
	case inner.GetCaseExpr() != nil:
		v.Cases = caseResults(inner.GetCaseExpr())
		v.Arms = caseArms(inner.GetCaseExpr())
	}
	return v
}

// caseResults returns the constant results of a CASE, or nil when one of
// them (or the missing ELSE, which is NULL) is not a constant.
func caseResults(c *pg.CaseExpr) []string {
	var out []string
	for _, w := range c.GetArgs() {
		r := value(w.GetCaseWhen().GetResult())
		if r.Kind != ValueConst {
			return nil
		}
		out = append(out, r.Str)
	}
	e := value(c.GetDefresult())
	if c.GetDefresult() == nil || e.Kind != ValueConst {
		return nil
	}
	return append(out, e.Str)
}

// caseArms returns a CASE's arms. In the simple form (CASE status WHEN
// 'running' THEN ...), each condition is the operand compared with the
// arm's value.
func caseArms(c *pg.CaseExpr) []Arm {
	var out []Arm
	for _, w := range c.GetArgs() {
		when := w.GetCaseWhen()
		var cond []Pred
		if arg := c.GetArg(); arg != nil {
			p := Pred{Op: OpOther, Text: Deparse(arg) + " = " + Deparse(when.GetExpr())}
			if col := columnName(arg); col != "" {
				p.Column, p.Op, p.Values = col, OpEq, []Value{value(when.GetExpr())}
			}
			cond = []Pred{p}
		} else {
			cond = preds(when.GetExpr())
		}
		out = append(out, Arm{When: cond, Result: value(when.GetResult())})
	}
	e := Value{Kind: ValueNull, Text: "NULL"}
	if c.GetDefresult() != nil {
		e = value(c.GetDefresult())
	}
	return append(out, Arm{Result: e})
}

// isNow reports whether n is the current time, possibly plus or minus an
// interval: now(), CURRENT_TIMESTAMP, now() - interval '1 hour', now() + $2.
// elapsedSince reads a comparison of the time elapsed since a column with
// a threshold that names no column: now() - updated_at > interval '5
// minutes', extract(epoch from now() - updated_at) > $1 (seconds). Both
// ask whether the column is older than the clock less the threshold, which
// is how it returns: the column, and the clock shifted back (a time the
// statement reads from the clock, or is given as a parameter).
func elapsedSince(n, threshold *pg.Node) (col string, v Value, ok bool) {
	seconds := false
	n = stripCast(n)
	if f := n.GetFuncCall(); f != nil {
		switch opName(f.GetFuncname()) {
		case "extract", "date_part":
			args := f.GetArgs()
			if len(args) != 2 || !strings.EqualFold(stripCast(args[0]).GetAConst().GetSval().GetSval(), "epoch") {
				return "", Value{}, false
			}
			n, seconds = stripCast(args[1]), true
		}
	}
	e := n.GetAExpr()
	if e == nil || e.GetKind() != pg.A_Expr_Kind_AEXPR_OP || opName(e.GetName()) != "-" {
		return "", Value{}, false
	}
	clock := stripCast(e.GetLexpr())
	col = columnName(e.GetRexpr())
	if col == "" || !isNow(clock) && clock.GetParamRef() == nil || namesColumn(threshold) {
		return "", Value{}, false
	}
	shift := Deparse(threshold)
	if seconds {
		shift = "(" + shift + ") * interval '1 second'"
	}
	v = Value{Kind: ValueOther, Text: Deparse(clock) + " - " + shift}
	if isNow(clock) {
		v.Kind = ValueNow
	}
	return col, v, true
}

// namesColumn reports whether an expression refers to a column.
func namesColumn(n *pg.Node) bool {
	found := false
	walk(n, func(c *pg.Node) bool {
		if c.GetColumnRef() != nil {
			found = true
		}
		return !found
	})
	return found
}

func isNow(n *pg.Node) bool {
	n = stripCast(n)
	if f := n.GetFuncCall(); f != nil {
		switch opName(f.GetFuncname()) {
		case "now", "clock_timestamp", "statement_timestamp", "transaction_timestamp":
			return true
		case "timezone":
			// now() AT TIME ZONE 'utc' parses as timezone('utc', now()): the
			// clock read in another zone, still the current time.
			args := f.GetArgs()
			return len(args) == 2 && isNow(args[1])
		}
	}
	if f := n.GetSqlvalueFunction(); f != nil {
		switch f.GetOp() {
		case pg.SQLValueFunctionOp_SVFOP_CURRENT_TIMESTAMP, pg.SQLValueFunctionOp_SVFOP_CURRENT_TIMESTAMP_N,
			pg.SQLValueFunctionOp_SVFOP_LOCALTIMESTAMP, pg.SQLValueFunctionOp_SVFOP_LOCALTIMESTAMP_N:
			return true
		}
	}
	if e := n.GetAExpr(); e != nil && e.GetKind() == pg.A_Expr_Kind_AEXPR_OP {
		switch opName(e.GetName()) {
		case "+", "-":
			return isNow(e.GetLexpr()) || isNow(e.GetRexpr())
		}
	}
	return false
}

// Deparse renders an expression (or a whole statement) as SQL in the
// parser's canonical spelling, so equal expressions compare equal as text.
func Deparse(n *pg.Node) string {
	if n == nil {
		return ""
	}
	stmt := n
	wrapped := false
	switch n.GetNode().(type) {
	case *pg.Node_SelectStmt, *pg.Node_UpdateStmt, *pg.Node_InsertStmt, *pg.Node_DeleteStmt:
	default:
		wrapped = true
		stmt = &pg.Node{Node: &pg.Node_SelectStmt{SelectStmt: &pg.SelectStmt{
			TargetList: []*pg.Node{{Node: &pg.Node_ResTarget{ResTarget: &pg.ResTarget{Val: n}}}},
		}}}
	}
	out, err := pg.Deparse(&pg.ParseResult{Stmts: []*pg.RawStmt{{Stmt: stmt}}})
	if err != nil {
		return ""
	}
	if wrapped {
		out = strings.TrimPrefix(out, "SELECT ")
	}
	return out
}
