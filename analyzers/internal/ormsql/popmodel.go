package ormsql

import (
	"go/types"
	"reflect"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// A popModel is what pop reads from a model value (&job, &[]Job{}): its
// table, its alias and its columns.
type popModel struct {
	table, alias, id string
	cols             map[string]popColumn
	idType           string // the ID field's type name ("int", "UUID"...)
}

// A popColumn is one column of a model: a field with a db tag, or a field
// with no pop tag at all, by its Go name.
type popColumn struct {
	readable, writeable bool
	// field is the Go field of the model's own struct that holds the
	// column; empty for a field of an embedded struct.
	field string
}

// popTags are the struct tags pop reads; a field with none of them is a
// column named after the field.
var popTags = strings.Fields("db rw select belongs_to has_many has_one fk_id primary_id order_by many_to_many")

// popModelOf reads the model a pop call is given, from the static type of the
// argument (pop reads it by reflection at run time). It returns a reason
// when it cannot tell what pop will make of it.
func popModelOf(r *Request, t types.Type) (*popModel, string) {
	isSlice := false
	for {
		switch u := t.(type) {
		case *types.Pointer:
			t = u.Elem()
			continue
		case *types.Slice:
			if isSlice {
				return nil, "a model that is a slice of slices"
			}
			isSlice = true
			t = u.Elem()
			continue
		}
		break
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil, "a model whose type is not a named struct"
	}
	st, ok := named.Underlying().(*types.Struct)
	if !ok {
		return nil, "a model whose type is not a named struct"
	}
	m := &popModel{id: "id", cols: map[string]popColumn{}}
	table, why := popTable(r, named, isSlice)
	if why != "" {
		return nil, why
	}
	m.table = table
	m.alias = strings.ReplaceAll(table, ".", "_")
	// IDField: the db tag of the field named ID, else "id" (the field
	// found as reflect's FieldByName finds it, embedded fields included).
	if obj, _, _ := types.LookupFieldOrMethod(named, false, named.Obj().Pkg(), "ID"); obj != nil {
		if f, ok := obj.(*types.Var); ok && f.IsField() {
			if tag := fieldTag(named, "ID"); tag != "" {
				m.id = tag
			}
			if n, ok := types.Unalias(f.Type()).(*types.Named); ok {
				m.idType = n.Obj().Name()
			} else if b, ok := f.Type().(*types.Basic); ok {
				m.idType = b.Name()
			}
		}
	}
	if why := m.addColumns(st, 0); why != "" {
		return nil, why
	}
	return m, ""
}

// fieldTag returns the db tag of a struct's field of that name, searched
// among its own fields first.
func fieldTag(named *types.Named, field string) string {
	st := named.Underlying().(*types.Struct)
	for i := range st.NumFields() {
		if st.Field(i).Name() == field {
			return reflect.StructTag(st.Tag(i)).Get("db")
		}
	}
	return ""
}

// addColumns adds a struct's columns as pop's columns.ForStruct does:
// embedded structs' fields too, db:"-" left out, rw:"r" read only and
// rw:"w" written only, the ID column not written.
func (m *popModel) addColumns(st *types.Struct, depth int) string {
	if depth > 4 {
		return "a model with deeply embedded structs"
	}
	for i := range st.NumFields() {
		f := st.Field(i)
		tag := reflect.StructTag(st.Tag(i))
		if f.Embedded() {
			t := f.Type()
			if p, ok := t.(*types.Pointer); ok {
				t = p.Elem()
			}
			inner, ok := t.Underlying().(*types.Struct)
			if !ok {
				return "a model that embeds a type that is not a struct"
			}
			if why := m.addColumns(inner, depth+1); why != "" {
				return why
			}
			continue
		}
		tagged := false
		for _, k := range popTags {
			if tag.Get(k) != "" {
				tagged = true
			}
		}
		col := tag.Get("db")
		if !tagged {
			col = f.Name()
		}
		if col == "" || col == "-" {
			continue
		}
		if tag.Get("select") != "" || strings.ContainsAny(col, " ,") {
			return "a model column with a select tag or an expression"
		}
		c := popColumn{readable: true, writeable: col != m.id}
		switch tag.Get("rw") {
		case "":
		case "r":
			c = popColumn{readable: true}
		case "w":
			c = popColumn{writeable: true}
		default:
			return "a model column with an rw tag other than r or w"
		}
		if depth == 0 {
			c.field = f.Name()
		}
		if _, dup := m.cols[col]; !dup {
			m.cols[col] = c
		}
	}
	return ""
}

// popTable returns a model's table: its TableName method's constant
// result, or pop's name for the type (flect's Tableize, the library pop
// names tables with). For a slice, pop asks the element type's value
// method set; for a single model, the pointer's.
func popTable(r *Request, named *types.Named, isSlice bool) (string, string) {
	e := r.Effects
	var recv types.Type = types.NewPointer(named)
	if isSlice {
		recv = named
	}
	ms := types.NewMethodSet(recv)
	sel := ms.Lookup(named.Obj().Pkg(), "TableName")
	if sel == nil {
		return popDefaultTable(named)
	}
	fn, ok := sel.Obj().(*types.Func)
	if !ok {
		return "", "a model whose TableName is not a method"
	}
	sig := fn.Type().(*types.Signature)
	if sig.Results().Len() != 1 || sig.Params().Len() > 1 {
		return popDefaultTable(named)
	}
	body := e.FuncOf(fn)
	if body == nil {
		var fact TableName
		if fn.Pkg() != named.Obj().Pkg() || r.ImportFact == nil || !r.ImportFact(fn, &fact) {
			return "", "a model of another package whose TableName does not return a constant"
		}
		return fact.Name, ""
	}
	var names []string
	for _, b := range body.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) != 1 {
			continue
		}
		vs := e.Strings(ret.Results[0])
		if !vs.Known() {
			return "", "a model whose TableName returns " + vs.Hole
		}
		for _, v := range vs.Set {
			s, ok := v.Text()
			if !ok {
				return "", "a model whose TableName is not a constant"
			}
			names = append(names, s)
		}
	}
	sort.Strings(names)
	if len(names) == 0 || names[0] != names[len(names)-1] {
		return "", "a model whose TableName returns more than one name"
	}
	return names[0], ""
}

// quote quotes a name as pop's postgres dialect does: each dotted part in
// double quotes.
func quote(s string) string {
	parts := strings.Split(s, ".")
	for i, p := range parts {
		parts[i] = `"` + strings.TrimSpace(strings.Trim(p, `"`)) + `"`
	}
	return strings.Join(parts, ".")
}

// sorted returns the names of the columns that pass keep, sorted.
func (m *popModel) sorted(keep func(string, popColumn) bool) []string {
	var out []string
	for n, c := range m.cols {
		if keep(n, c) {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

// selectSQL is pop's SELECT of a model: its readable columns, qualified by
// the alias and sorted, from the table under its alias.
func (m *popModel) selectSQL() string {
	cols := m.sorted(func(_ string, c popColumn) bool { return c.readable })
	for i, c := range cols {
		cols[i] = m.alias + "." + c
	}
	return "SELECT " + strings.Join(cols, ", ") + " FROM " + m.table + " AS " + m.alias
}

// popDefaultTable is the table pop names a model without a TableName
// method, when tableize can form it.
func popDefaultTable(named *types.Named) (string, string) {
	if t, ok := tableize(named.Obj().Name()); ok {
		return t, ""
	}
	return "", "a model whose table name pop forms by an irregular rule"
}

// tableize returns pop's table name for a Go type name (its inflection
// library's Tableize: snake case, the last word in the plural) for the
// names whose every step is regular: false for acronyms, digits, and any
// last word the library may pluralize otherwise. jobqlint does not link
// the library itself: it builds its dictionary when the process starts,
// and go vet starts one process per package.
func tableize(typeName string) (string, bool) {
	for i := 0; i < len(typeName); i++ {
		c := typeName[i]
		upper := c >= 'A' && c <= 'Z'
		switch {
		case !upper && !isLower(c), upper && i > 0 && !isLower(typeName[i-1]):
			return "", false // digits, underscores, acronyms: the library's own rules
		case upper && i == len(typeName)-1:
			return "", false // a one-letter last word (StackT)
		}
	}
	return popPlural(underscore(typeName))
}

// popPlural is plural, with the endings the library forms otherwise than
// bun's also refused (tooth is teeth, foot feet, goose geese; a word in
// -a may be taken for a plural already: area stays area; criterion is
// criteria; a word in -o takes -oes: info is infoes). The library takes
// an uncountable word at the end of a longer one as uncountable too
// (timezoneinformation). Words in -tion and -sion
// are regular otherwise: its dictionary has none of them.
func popPlural(name string) (string, bool) {
	word := name[strings.LastIndexByte(name, '_')+1:]
	for u := range uncountable {
		if strings.HasSuffix(word, u) {
			return "", false
		}
	}
	if strings.HasSuffix(word, "tion") || strings.HasSuffix(word, "sion") {
		return plural(name)
	}
	for _, suffix := range []string{"tooth", "foot", "goose", "a", "eau", "on", "o"} {
		if strings.HasSuffix(word, suffix) {
			return "", false
		}
	}
	return plural(name)
}
