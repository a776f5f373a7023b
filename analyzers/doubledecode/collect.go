package doubledecode

import (
	"go/ast"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/sqlcheck"
)

// A rowFunc is the pgx.RowToFunc handed to pgx.CollectRows and its kin:
// how each row becomes a value.
type rowFunc struct {
	name string     // RowToMap, RowToStructByName, RowTo...
	elem types.Type // the type argument T; nil for RowToMap
}

// collector recognises pgx.CollectRows(rows, fn), pgx.CollectOneRow and
// pgx.CollectExactlyOneRow, and returns the rows argument and the row function.
func collector(pass *analysis.Pass, call *ast.CallExpr) (ast.Expr, rowFunc, bool) {
	switch callee(pass, call) {
	case pgxPath + ".CollectRows", pgxPath + ".CollectOneRow", pgxPath + ".CollectExactlyOneRow":
	default:
		return nil, rowFunc{}, false
	}
	if len(call.Args) != 2 {
		return nil, rowFunc{}, false
	}
	fn := ast.Unparen(call.Args[1])
	if ix, ok := fn.(*ast.IndexExpr); ok {
		fn = ix.X // pgx.RowToStructByName[Job]
	}
	var id *ast.Ident
	switch f := fn.(type) {
	case *ast.SelectorExpr:
		id = f.Sel
	case *ast.Ident:
		id = f
	}
	obj, ok := pass.TypesInfo.Uses[id].(*types.Func)
	if id == nil || !ok || obj.Pkg() == nil || obj.Pkg().Path() != pgxPath {
		return nil, rowFunc{}, false
	}
	rf := rowFunc{name: obj.Name()}
	if inst, ok := pass.TypesInfo.Instances[id]; ok && inst.TypeArgs.Len() == 1 {
		rf.elem = inst.TypeArgs.At(0)
	}
	return call.Args[0], rf, true
}

const pgxPath = "github.com/jackc/pgx/v5"

// collectedKeys returns, for each json or jsonb column of a collected row,
// the key under which the handler reads its value: an entry of a RowToMap
// map, a field of type any of a struct filled by RowToStructByName or
// RowToStructByPos, or the value itself for RowTo[any] of a one-column row.
// lhs is the variable the collected result is assigned to; cols the
// source column of each output, col its schema column.
func collectedKeys(lhs types.Object, rf rowFunc, cols []string, isJSON func(string) bool, single bool) map[string]key {
	out := map[string]key{}
	switch rf.name {
	case "RowToMap":
		for _, c := range cols {
			if isJSON(c) {
				out[c] = key{obj: lhs, element: c}
			}
		}
	case "RowTo", "RowToAddrOf":
		// CollectOneRow(rows, pgx.RowTo[any]) is the value of the only
		// column; CollectRows gives a slice the rule does not follow.
		if single && len(cols) == 1 && isJSON(cols[0]) && rf.elem != nil && isAny(rf.elem) {
			out[cols[0]] = key{obj: lhs}
		}
	case "RowToStructByName", "RowToAddrOfStructByName", "RowToStructByNameLax", "RowToAddrOfStructByNameLax":
		st := structOf(rf.elem)
		if st == nil {
			return out
		}
		for i := 0; i < st.NumFields(); i++ {
			f := st.Field(i)
			if f.Embedded() || !f.Exported() || !isAny(f.Type()) {
				continue
			}
			name, tagged := dbTag(st.Tag(i))
			if name == "-" {
				continue
			}
			if !tagged {
				name = f.Name()
			}
			if c := columnNamed(cols, name, !tagged); c != "" && isJSON(c) {
				out[c] = key{obj: f}
			}
		}
	case "RowToStructByPos", "RowToAddrOfStructByPos":
		st := structOf(rf.elem)
		if st == nil {
			return out
		}
		var fields []*types.Var
		for i := 0; i < st.NumFields(); i++ {
			f := st.Field(i)
			if f.Embedded() {
				return out // pgx flattens embedded structs: positions not followed
			}
			if name, _ := dbTag(st.Tag(i)); f.Exported() && name != "-" {
				fields = append(fields, f)
			}
		}
		for i, c := range cols {
			if i < len(fields) && isJSON(c) && isAny(fields[i].Type()) {
				out[c] = key{obj: fields[i]}
			}
		}
	}
	return out
}

// structOf returns the struct type T (or *T) names, or nil.
func structOf(t types.Type) *types.Struct {
	if t == nil {
		return nil
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, _ := t.Underlying().(*types.Struct)
	return st
}

// dbTag returns the name a field's `db` tag gives, and whether it has one.
func dbTag(tag string) (string, bool) {
	v, ok := reflect.StructTag(tag).Lookup("db")
	if !ok {
		return "", false
	}
	name, _, _ := strings.Cut(v, ",")
	return name, true
}

// columnNamed matches a field name with the row's columns as pgx does: a
// `db` tag case-insensitively, a field name also ignoring underscores.
func columnNamed(cols []string, name string, normalize bool) string {
	norm := func(s string) string {
		if normalize {
			s = strings.ReplaceAll(s, "_", "")
		}
		return s
	}
	for _, c := range cols {
		if strings.EqualFold(norm(c), norm(name)) {
			return c
		}
	}
	return ""
}

// jsonColumns says which of a table's columns hold json or jsonb (or
// arrays of them, which pgx decodes element by element).
func jsonColumns(t *sqlcheck.Table) func(string) bool {
	return func(name string) bool { return jsonType(t.Column(name)) != "" }
}
