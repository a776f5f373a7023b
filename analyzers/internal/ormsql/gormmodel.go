package ormsql

import (
	"cmp"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/internal/gormconfig"
)

// A gormModel is what GORM's schema parser makes of a Go struct: its
// table and its columns, in declaration order.
type gormModel struct {
	name    string // the Go type's name
	table   string // unquoted
	columns []gormColumn
	pk      *gormColumn // nil when GORM finds no primary key
	// soft is the column of a gorm.DeletedAt field: GORM's soft delete.
	soft string
	// unnamed is a field whose column name GORM forms by a rule jobqlint
	// does not read: the model is not read.
	unnamed string
	// updated is the column GORM sets to the time on Update and Updates.
	updated string
	// odd names a field GORM treats as more than a column (an
	// association, a default that is not a constant, an embedded struct
	// by tag): writes of every column are not rebuilt.
	odd string
	// oddSave is odd but for a default that is not a constant, which
	// changes nothing in the UPDATE Save sends for a row with a key
	// (TestGormSaveSoftDeleteMatchesGorm SaveEmail).
	oddSave string
	// keyFilled says the primary key has a default (gen_random_uuid()):
	// the database fills it when GORM inserts.
	keyFilled bool
}

type gormColumn struct {
	field string // the Go field name
	name  string
	// types: the field's type, to tell zero values.
	typ types.Type
	// def says the field has a constant default (default:queued), which
	// GORM binds in its place when the field is zero on Create.
	def bool
	// noUpdate says a permission tag keeps the field out of updates
	// (<-:create, ->).
	noUpdate bool
}

// updatable reports whether GORM writes a field in an update, by its
// permission tags as GORM's schema parser reads them: -> makes it read
// only, <- writable, both ways or only those its value names.
func updatable(tag map[string]string) bool {
	ok := true
	if _, ro := tag["->"]; ro {
		ok = false
	}
	if v, w := tag["<-"]; w {
		ok = v == "" || strings.Contains(v, "update")
	}
	return ok
}

// gormModelOf reads the model a Go type stands for: the struct T of a T,
// *T, []T, []*T or *[]T. The reason is set when the type is no struct or
// its table name cannot be read.
func gormModelOf(r *Request, t types.Type) (*gormModel, string) {
	for {
		switch u := t.(type) {
		case *types.Pointer:
			t = u.Elem()
			continue
		case *types.Slice:
			t = u.Elem()
			continue
		case *types.Array:
			t = u.Elem()
			continue
		}
		break
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil, "the model is not a named struct"
	}
	st, ok := named.Underlying().(*types.Struct)
	if !ok {
		return nil, "the model is not a struct"
	}
	m := &gormModel{name: named.Obj().Name()}
	table, why := gormTableName(r, named)
	if why != "" {
		return nil, why
	}
	m.table = table
	m.addFields(st)
	if m.unnamed != "" {
		return nil, "GORM forms the column of " + m.name + "." + m.unnamed + " by a rule jobqlint does not read"
	}
	return m, ""
}

// gormTableName returns the table of a model: what its TableName method
// returns, or the naming strategy's name for the type. A method of another
// package, whose SSA is not built here, is read through the TableName
// fact that package exports when the method returns one constant.
func gormTableName(r *Request, named *types.Named) (string, string) {
	eff := r.Effects
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(named), false, named.Obj().Pkg(), "TableName")
	fn, ok := obj.(*types.Func)
	if !ok {
		return gormNamed(eff, named.Obj().Name())
	}
	sig := fn.Type().(*types.Signature)
	if sig.Params().Len() != 0 || sig.Results().Len() != 1 {
		return "", "the table name comes from " + named.Obj().Name() + ".TableName with a namer"
	}
	sfn := eff.FuncOf(fn)
	if sfn == nil || len(sfn.Blocks) == 0 {
		var fact TableName
		if r.ImportFact != nil && r.ImportFact(fn, &fact) {
			return fact.Name, ""
		}
		return "", named.Obj().Name() + ".TableName is out of sight"
	}
	name := ""
	for _, b := range sfn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) != 1 {
			continue
		}
		vs := eff.Strings(ret.Results[0])
		s, one := single(vs)
		if !one || name != "" && s != name {
			return "", named.Obj().Name() + ".TableName returns a name the tool cannot read"
		}
		name = s
	}
	if name == "" {
		return "", named.Obj().Name() + ".TableName returns a name the tool cannot read"
	}
	return name, ""
}

// gormNamed returns the table the module's naming strategy gives a model
// with no TableName method: GORM's default, or the one the module opens
// GORM with (see package gormconfig).
func gormNamed(eff *effects.Effects, typeName string) (string, string) {
	naming := gormconfig.Naming{}
	if root, _ := eff.ModuleRoot(); root != "" {
		naming = gormconfig.Of(root)
	}
	if naming.Unknown != "" {
		return "", naming.Unknown
	}
	name, ok := namedTable(naming, typeName)
	if !ok {
		return "", "a model whose table name GORM forms by a rule jobqlint does not read"
	}
	return name, ""
}

// namedTable returns the table a known naming strategy gives a type name,
// when the tool reads every step.
func namedTable(naming gormconfig.Naming, typeName string) (string, bool) {
	name, ok := gormTable(typeName)
	if naming.Singular {
		name, ok = gormSnake(typeName)
	}
	return naming.Prefix + name, ok
}

// single returns the one text a set of values holds.
func single(vs effects.Values) (string, bool) {
	if !vs.Known() || len(vs.Set) != 1 {
		return "", false
	}
	return vs.Set[0].Text()
}

// addFields adds a struct's columns, flattening anonymous struct fields
// (gorm.Model) as GORM does.
func (m *gormModel) addFields(st *types.Struct) {
	for i := range st.NumFields() {
		f := st.Field(i)
		tag := gormTag(st.Tag(i))
		if !f.Exported() || tag["-"] != "" || strings.HasPrefix(reflect.StructTag(st.Tag(i)).Get("gorm"), "-") {
			continue
		}
		if _, ok := tag["EMBEDDED"]; ok {
			m.odd = f.Name()
			m.oddSave = cmp.Or(m.oddSave, f.Name())
			continue
		}
		def, hasDefault := tag["DEFAULT"]
		if hasDefault && !constantDefault(def) && m.odd == "" {
			m.odd = f.Name()
		}
		ft := f.Type()
		if f.Anonymous() {
			if s, ok := derefStruct(ft); ok && !isColumnType(ft) {
				m.addFields(s)
				continue
			}
		}
		if !isColumnType(ft) {
			if m.odd == "" {
				m.odd = f.Name()
			}
			m.oddSave = cmp.Or(m.oddSave, f.Name())
			continue
		}
		name := tag["COLUMN"]
		if name == "" {
			var ok bool
			if name, ok = gormSnake(f.Name()); !ok {
				if m.unnamed == "" {
					m.unnamed = f.Name()
				}
				continue
			}
		}
		m.columns = append(m.columns, gormColumn{field: f.Name(), name: name, typ: ft, def: hasDefault, noUpdate: !updatable(tag)})
		c := &m.columns[len(m.columns)-1]
		_, pk := tag["PRIMARYKEY"]
		_, pk2 := tag["PRIMARY_KEY"]
		if pk || pk2 || f.Name() == "ID" && m.pk == nil {
			m.pk = c
			if hasDefault && m.odd == "" {
				m.odd = f.Name() // a key the database may fill
			}
			m.keyFilled = hasDefault
		}
		if isNamed(ft, "gorm.io/gorm", "DeletedAt") {
			m.soft = name
		}
		if _, ok := tag["AUTOUPDATETIME"]; ok || f.Name() == "UpdatedAt" {
			m.updated = name
		}
	}
	// m.pk points into m.columns, which append may have moved.
	for i := range m.columns {
		if m.pk != nil && m.columns[i].field == m.pk.field {
			m.pk = &m.columns[i]
		}
	}
}

// constantDefault reports whether GORM parses a default tag's value as a
// constant of the field's type, which it binds on Create in place of a
// zero value (its Create writes the column either way): not a function
// call, null or an empty default, which GORM leaves to the database and
// reads back with RETURNING.
func constantDefault(v string) bool {
	v = strings.TrimSpace(v)
	return v != "" && !strings.EqualFold(v, "null") && !(strings.Contains(v, "(") && strings.Contains(v, ")"))
}

// gormTag parses a `gorm:"column:x;primaryKey"` tag into upper-cased keys.
func gormTag(tag string) map[string]string {
	out := map[string]string{}
	for _, part := range strings.Split(reflect.StructTag(tag).Get("gorm"), ";") {
		k, v, _ := strings.Cut(strings.TrimSpace(part), ":")
		if k == "" {
			continue
		}
		out[strings.ToUpper(strings.TrimSpace(k))] = v
		if k == "-" {
			out["-"] = "-"
		}
	}
	return out
}

func derefStruct(t types.Type) (*types.Struct, bool) {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	s, ok := t.Underlying().(*types.Struct)
	return s, ok
}

func isNamed(t types.Type, path, name string) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == path && n.Obj().Name() == name
}

// isColumnType reports whether GORM stores a field of type t in one
// column: a basic type, []byte, time.Time, or a type that scans and
// values itself (sql.NullString, gorm.DeletedAt); a struct, slice or map
// of anything else is an association or needs a serializer.
func isColumnType(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if isNamed(t, "time", "Time") || hasMethod(t, "Scan") || hasMethod(t, "Value") {
		return true
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return true
	case *types.Slice:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	}
	return false
}

func hasMethod(t types.Type, name string) bool {
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(t), false, nil, name)
	_, ok := obj.(*types.Func)
	return ok
}

// column returns the column of a Go field.
func (m *gormModel) column(field string) (gormColumn, bool) {
	for _, c := range m.columns {
		if c.field == field {
			return c, true
		}
	}
	return gormColumn{}, false
}
