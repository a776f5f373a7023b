package doubledecode

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/analyzers/rule"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

//go:embed rule.txtar
var record []byte

// Rule is the doubledecode rule: its documentation record and its analyzer.
var Rule = rule.New(record, &analysis.Analyzer{
	Requires:  []*analysis.Analyzer{queuemodel.Analyzer, effects.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{(*MarshalsArgs)(nil)},
})

// Analyzer reports the doubledecode rule's findings.
var Analyzer = Rule.Analyzer

func run(pass *analysis.Pass) (any, error) {
	pass = outsideTests(pass)
	m := pass.ResultOf[queuemodel.Analyzer].(*queuemodel.Model)
	root := pass.ResultOf[queuemodel.Analyzer].(*queuemodel.Model).Inspector().Root()
	decoded := decodedByPgx(pass, m)
	containers := decodedContainers(pass, m, root)
	for k, v := range containers {
		decoded[k] = v
	}
	intoString := decodedIntoString(pass)
	for cur := range root.Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		switch fn := callee(pass, call); fn {
		case "encoding/json.Unmarshal", "encoding/json.NewDecoder":
			checkDecode(pass, call, decoded, intoString)
		case "encoding/json.Marshal", "encoding/json.MarshalIndent":
			checkEncode(pass, m, cur, call)
		}
	}
	checkSQL(pass, m)
	checkMarshalCalls(pass, root, findMarshallers(pass, root))
	return nil, nil
}

// outsideTests returns the pass with a Report that drops findings in
// _test.go files: a test builds odd payloads on purpose (a legacy
// producer's JSON string holding the object, to test the decoder that
// still reads it), and stores nothing a worker decodes.
func outsideTests(pass *analysis.Pass) *analysis.Pass {
	p := *pass
	p.Report = func(d analysis.Diagnostic) {
		if !queuemodel.InTestFile(pass, d.Pos) {
			pass.Report(d)
		}
	}
	return &p
}

// A pgxValue is a value of type any that pgx filled from a json or jsonb
// column: a Scan target, an element of rows.Values(), an entry of a
// pgx.RowToMap map.
type pgxValue struct {
	scan   *queuemodel.Call
	column string
	typ    string
}

// A key names such a value: a variable or field, or an element (by index
// or by column name) of a container variable.
type key struct {
	obj     types.Object
	element string // "" for the variable itself; "0", "payload"... for an element
}

// valueKey returns the key of an expression: x, s.f, vals[2], row["payload"],
// rows[i]["payload"].
func valueKey(pass *analysis.Pass, e ast.Expr) key {
	ix, ok := ast.Unparen(e).(*ast.IndexExpr)
	if !ok {
		return key{obj: object(pass, e)}
	}
	tv, ok := pass.TypesInfo.Types[ix.Index]
	if !ok || tv.Value == nil {
		return key{}
	}
	elem := strings.Trim(tv.Value.ExactString(), `"`)
	x := ast.Unparen(ix.X)
	if inner, ok := x.(*ast.IndexExpr); ok {
		x = ast.Unparen(inner.X) // rows[i]["payload"]: any row of the slice
	}
	return key{obj: object(pass, x), element: elem}
}

// decodedByPgx finds the `any` targets of pgx Scans of json/jsonb columns.
func decodedByPgx(pass *analysis.Pass, m *queuemodel.Model) map[key]pgxValue {
	out := map[key]pgxValue{}
	for _, c := range m.Calls {
		if c.API != queuemodel.APIPgx || len(c.ScanArgs) == 0 || len(c.Stmts) != 1 {
			continue
		}
		st := c.Stmts[0]
		// The schema is loaded here, not before the loop: most packages
		// scan nothing, and under go vet each would replay it.
		t := m.Schema().Table(st.Table)
		if t == nil {
			continue // column types unknown: say nothing
		}
		cols := columns(t, st.Outputs)
		if len(cols) != len(c.ScanArgs) {
			continue
		}
		for i, arg := range c.ScanArgs {
			col := t.Column(cols[i])
			typ := jsonType(col)
			if typ == "" {
				continue
			}
			addr, ok := ast.Unparen(arg).(*ast.UnaryExpr)
			if !ok {
				continue
			}
			obj := object(pass, addr.X)
			if obj == nil || !isAny(obj.Type()) {
				continue
			}
			out[key{obj: obj}] = pgxValue{scan: c, column: col.Name, typ: typ}
		}
	}
	return out
}

// decodedContainers finds the values pgx decoded through rows.Values()
// (by index) and pgx.CollectRows and its kin (RowToMap entries, struct
// fields of type any, RowTo[any]), for rows of pgx queries whose columns
// the schema gives.
func decodedContainers(pass *analysis.Pass, m *queuemodel.Model, root inspector.Cursor) map[key]pgxValue {
	out := map[key]pgxValue{}
	queries := map[*ast.CallExpr]*queuemodel.Call{}
	for _, c := range m.Calls {
		if c.API == queuemodel.APIPgx && len(c.Stmts) == 1 {
			queries[c.Expr] = c
		}
	}
	if len(queries) == 0 {
		return out
	}
	rowsOf := map[types.Object]*queuemodel.Call{} // rows variable -> its query
	for cur := range root.Preorder((*ast.AssignStmt)(nil)) {
		as := cur.Node().(*ast.AssignStmt)
		if len(as.Rhs) != 1 || len(as.Lhs) == 0 {
			continue
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok {
			continue
		}
		lhs := object(pass, as.Lhs[0])
		if lhs == nil {
			continue
		}
		if q := queries[call]; q != nil {
			rowsOf[lhs] = q
			continue
		}
		if rowsArg, rf, ok := collector(pass, call); ok {
			q := rowsOf[object(pass, rowsArg)]
			if q == nil {
				continue
			}
			st := q.Stmts[0]
			t := m.Schema().Table(st.Table)
			if t == nil {
				continue
			}
			single := callee(pass, call) != pgxPath+".CollectRows"
			for col, k := range collectedKeys(lhs, rf, columns(t, st.Outputs), jsonColumns(t), single) {
				out[k] = pgxValue{scan: q, column: col, typ: jsonType(t.Column(col))}
			}
			continue
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Values" {
			continue
		}
		q := rowsOf[object(pass, sel.X)]
		if q == nil {
			continue
		}
		st := q.Stmts[0]
		t := m.Schema().Table(st.Table)
		if t == nil {
			continue
		}
		isJSON := jsonColumns(t)
		for i, name := range columns(t, st.Outputs) {
			if isJSON(name) {
				out[key{obj: lhs, element: fmt.Sprint(i)}] = pgxValue{scan: q, column: name, typ: jsonType(t.Column(name))}
			}
		}
	}
	return out
}

// columns lists the source column of each output, expanding * with the
// table's columns; "" for an expression.
func columns(t *sqlcheck.Table, outs []sqlcheck.Output) []string {
	var cols []string
	for _, o := range outs {
		if o.Star {
			for _, c := range t.Columns {
				cols = append(cols, c.Name)
			}
			continue
		}
		cols = append(cols, o.Column)
	}
	return cols
}

// decodedIntoString finds the string variables that json.Unmarshal decodes
// into, other than as a fallback (see fallbackDecode).
func decodedIntoString(pass *analysis.Pass) map[types.Object]bool {
	out := map[types.Object]bool{}
	e := pass.ResultOf[effects.Analyzer].(*effects.Effects)
	root := pass.ResultOf[queuemodel.Analyzer].(*queuemodel.Model).Inspector().Root()
	for cur := range root.Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		if callee(pass, call) != "encoding/json.Unmarshal" || len(call.Args) != 2 {
			continue
		}
		if addr, ok := ast.Unparen(call.Args[1]).(*ast.UnaryExpr); ok {
			if obj := object(pass, addr.X); obj != nil && isString(obj.Type()) && !fallbackDecode(e, call) {
				out[obj] = true
			}
		}
	}
	return out
}

// checkDecode reports a decode of what is already decoded.
func checkDecode(pass *analysis.Pass, call *ast.CallExpr, decoded map[key]pgxValue, intoString map[types.Object]bool) {
	if len(call.Args) == 0 {
		return
	}
	src := unwrapReader(pass, call.Args[0])
	if ta, ok := src.(*ast.TypeAssertExpr); ok && ta.Type != nil {
		if v, ok := decoded[valueKey(pass, ta.X)]; ok {
			decoded := "a map[string]any for an object"
			if strings.HasSuffix(v.typ, "[]") {
				decoded = "a []any of decoded elements"
			}
			pass.Report(analysis.Diagnostic{
				Pos: call.Pos(),
				Message: fmt.Sprintf("%s (%s) arrives already decoded, so this assertion to %s panics on every job\n"+
					"pgx scanned it into an `any` already decoded (%s, never %s); scan it into []byte or json.RawMessage and decode once, or scan straight into a map or struct",
					v.column, v.typ, types.ExprString(ta.Type), decoded, types.ExprString(ta.Type)),
				Related: []analysis.RelatedInformation{{Pos: v.scan.Pos(), Message: "the scan that decodes it"}},
			})
		}
		return
	}
	if obj := object(pass, src); obj != nil && intoString[obj] && call.Args[0] != src {
		pass.Report(analysis.Diagnostic{
			Pos:     call.Pos(),
			Message: fmt.Sprintf("%s was decoded from JSON into a string, and is decoded again\nthe payload was encoded twice; decode the payload once, into its final type", obj.Name()),
		})
	}
}

// unwrapReader strips the conversions and readers between a value and a
// decoder: []byte(x), strings.NewReader(x), bytes.NewReader(x).
func unwrapReader(pass *analysis.Pass, e ast.Expr) ast.Expr {
	for {
		e = ast.Unparen(e)
		call, ok := e.(*ast.CallExpr)
		if !ok || len(call.Args) != 1 {
			return e
		}
		if tv, ok := pass.TypesInfo.Types[call.Fun]; ok && tv.IsType() {
			e = call.Args[0] // a conversion
			continue
		}
		switch callee(pass, call) {
		case "strings.NewReader", "bytes.NewReader", "bytes.NewBuffer", "bytes.NewBufferString":
			e = call.Args[0]
			continue
		}
		return e
	}
}

// checkEncode reports json.Marshal of JSON text held in a string: bytes
// known to be JSON text (a json.RawMessage, json.Marshal's result), or any
// bytes when what the call returns is bound to SQL in the same function
// (the payload of a job or an event). Bytes of unknown content marshalled
// into a string for anything else (a response body embedded in generated
// JavaScript) are text, and meant to be.
func checkEncode(pass *analysis.Pass, m *queuemodel.Model, cur inspector.Cursor, call *ast.CallExpr) {
	if len(call.Args) == 0 {
		return
	}
	conv, ok := ast.Unparen(call.Args[0]).(*ast.CallExpr)
	if !ok || len(conv.Args) != 1 || !isString(pass.TypesInfo.TypeOf(conv)) {
		return
	}
	if tv, ok := pass.TypesInfo.Types[conv.Fun]; !ok || !tv.IsType() {
		return
	}
	from := pass.TypesInfo.TypeOf(conv.Args[0])
	if !isBytes(from) {
		return
	}
	if fn := enclosingFunc(cur); !jsonText(pass, conv.Args[0], fn) && !boundToSQL(pass, m, call, fn) {
		return
	}
	pass.Report(analysis.Diagnostic{
		Pos: call.Pos(),
		Message: fmt.Sprintf("json.Marshal of %s turned into a string encodes JSON text as a JSON string\nthe stored payload is a string (\"{\\\"a\\\":1}\"), not the object; "+
			"pass the bytes as they are (json.RawMessage), or marshal the value itself", types.ExprString(conv.Args[0])),
	})
}

// boundToSQL reports whether the result of a call, assigned to a
// variable of fn, is among the bind arguments of a SQL call of the model
// (as it is, or converted: string(payload)).
func boundToSQL(pass *analysis.Pass, m *queuemodel.Model, call *ast.CallExpr, fn ast.Node) bool {
	if fn == nil {
		return false
	}
	var result types.Object
	ast.Inspect(fn, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Rhs) == 1 && ast.Unparen(as.Rhs[0]) == call {
			if id, ok := as.Lhs[0].(*ast.Ident); ok {
				result = pass.TypesInfo.ObjectOf(id)
			}
		}
		return result == nil
	})
	if result == nil {
		return false
	}
	for _, c := range m.Calls {
		for _, a := range c.Args {
			if id, ok := unwrapReader(pass, a).(*ast.Ident); ok && pass.TypesInfo.Uses[id] == result {
				return true
			}
		}
	}
	return false
}

var textToJSON = regexp.MustCompile(`(?i)\b(to_jsonb?|jsonb?_build_object|jsonb?_build_array)\s*\([^;]*\$\d+\s*::\s*(text|varchar|character varying)\b`)

var textParam = regexp.MustCompile(`(?i)\$(\d+)\s*::\s*(?:text|varchar|character varying)\b`)

// checkSQL reports SQL that makes JSON out of a text parameter bound to
// JSON text. A text parameter that holds a message or a name is meant to
// become a JSON string, so the Go argument decides.
func checkSQL(pass *analysis.Pass, m *queuemodel.Model) {
	for _, c := range m.Calls {
		if !c.Known {
			continue
		}
		for _, st := range c.Stmts {
			if st.Kind != sqlcheck.KindInsert && st.Kind != sqlcheck.KindUpdate {
				continue
			}
			var texts []string
			for _, v := range st.InsertValues {
				texts = append(texts, v.Text)
			}
			for _, a := range st.Set {
				texts = append(texts, a.Value.Text)
			}
			if reportTextToJSON(pass, c, texts) {
				break
			}
		}
	}
}

// reportTextToJSON reports the first expression of texts that turns a text
// parameter into JSON while the call binds JSON text to it.
func reportTextToJSON(pass *analysis.Pass, c *queuemodel.Call, texts []string) bool {
	for _, t := range texts {
		m := textToJSON.FindString(t)
		if m == "" {
			continue
		}
		for _, p := range textParam.FindAllStringSubmatch(m, -1) {
			n, _ := strconv.Atoi(p[1])
			arg := c.Arg(n)
			if arg == nil || !jsonText(pass, arg, c.Func) {
				continue
			}
			pass.Report(analysis.Diagnostic{
				Pos: c.Pos(),
				Message: fmt.Sprintf("%s holds JSON text, and the SQL turns it into a JSON string\n%s… turns the text parameter into a JSON string: "+
					"it is stored as \"{\\\"a\\\":1}\", not as an object; pass the JSON as $%d::jsonb", types.ExprString(arg), strings.TrimSpace(m), n),
			})
			return true
		}
	}
	return false
}

// object returns the variable or field an expression names.
func object(pass *analysis.Pass, e ast.Expr) types.Object {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return pass.TypesInfo.ObjectOf(e)
	case *ast.SelectorExpr:
		return pass.TypesInfo.ObjectOf(e.Sel) // the field or method x.f selects, or pkg.Name
	}
	return nil
}

func callee(pass *analysis.Pass, call *ast.CallExpr) string {
	fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Pkg() == nil {
		return ""
	}
	return fn.Pkg().Path() + "." + fn.Name()
}

func isAny(t types.Type) bool {
	iface, ok := t.Underlying().(*types.Interface)
	return ok && iface.NumMethods() == 0
}

// jsonType returns the SQL type of a json or jsonb column (jsonb[] for an
// array of them), "" for any other column.
func jsonType(col *sqlcheck.Column) string {
	if col == nil || col.Type.Name != "json" && col.Type.Name != "jsonb" {
		return ""
	}
	if col.Type.Array {
		return col.Type.Name + "[]"
	}
	return col.Type.Name
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.String
}

// isBytes reports whether t is a byte slice: []byte, json.RawMessage.
func isBytes(t types.Type) bool {
	s, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	b, ok := s.Elem().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Byte
}
