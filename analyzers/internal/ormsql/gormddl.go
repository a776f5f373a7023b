package ormsql

import (
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A DeclaredDDL is a statement that a Go declaration stands for, and where
// that declaration is.
type DeclaredDDL struct {
	Pos  token.Pos
	Name string // the declared name at Pos, if Pos is a type's
	SQL  string
}

// GormDDL returns what GORM's AutoMigrate runs on PostgreSQL
// (gorm.io/driver/postgres) to create the table of a model: CREATE TABLE
// with the model's columns and primary key, then one CREATE INDEX per
// index its tags declare. The table statement stands at the type's
// declaration, an index at the field that declares it. why is set, and
// nothing returned, when a part of the model is migrated by a rule
// jobqlint does not read (a column type only a Value method decides, an
// index class PostgreSQL has not...): a table with a column or an index
// missing would be a guess. Foreign keys are not written, and a foreign
// key's column has the field's own type, where GORM gives a string key
// the length of the key it references: no rule reads either.
func GormDDL(r *Request, named *types.Named) ([]DeclaredDDL, string) {
	st, ok := named.Underlying().(*types.Struct)
	if !ok {
		return nil, "the model is not a struct"
	}
	table, why := gormTableName(r, named)
	if why != "" {
		return nil, why
	}
	var fields []*migratedField
	if why := collectGormFields(st, "", token.NoPos, &fields); why != "" {
		return nil, named.Obj().Name() + ": " + why
	}
	if len(fields) == 0 {
		return nil, named.Obj().Name() + " has no column GORM migrates"
	}
	markPrimaryKey(fields)
	var cols []string
	var pk []string
	for _, f := range fields {
		def, why := f.definition()
		if why != "" {
			return nil, named.Obj().Name() + "." + f.goName + ": " + why
		}
		cols = append(cols, quoteIdent(f.column)+" "+def)
		if f.primary {
			pk = append(pk, quoteIdent(f.column))
		}
	}
	indexes, why := gormIndexes(table, fields)
	if why != "" {
		return nil, named.Obj().Name() + ": " + why
	}
	for _, f := range fields {
		if f.unique {
			cols = append(cols, "CONSTRAINT "+quoteIdent(gormName("uni", table, f.column))+" UNIQUE ("+quoteIdent(f.column)+")")
		}
	}
	if len(pk) > 0 {
		cols = append(cols, "PRIMARY KEY ("+strings.Join(pk, ",")+")")
	}
	out := []DeclaredDDL{{Pos: named.Obj().Pos(), Name: named.Obj().Name(), SQL: "CREATE TABLE " + quoteQualified(table) + " (" + strings.Join(cols, ",") + ")"}}
	for _, idx := range indexes {
		out = append(out, DeclaredDDL{Pos: idx.pos, SQL: idx.sql(table)})
	}
	return out, ""
}

// A migratedField is a column of a model as GORM's schema parser reads it.
type migratedField struct {
	goName string
	column string
	typ    types.Type
	tag    map[string]string // the gorm tag's settings, keys upper-cased
	rawTag string            // the gorm tag as written (indexes are parsed from it)
	pos    token.Pos         // the field, or the embedding field of a flattened struct

	primary, autoIncrement, unique bool
}

// collectGormFields appends a struct's columns, flattening anonymous
// structs (gorm.Model) and `embedded` ones as GORM does. pos, when valid,
// is the embedding field's position, which flattened fields take.
func collectGormFields(st *types.Struct, prefix string, pos token.Pos, out *[]*migratedField) string {
	for i := range st.NumFields() {
		f := st.Field(i)
		if !f.Exported() {
			continue
		}
		raw := reflect.StructTag(st.Tag(i)).Get("gorm")
		tag := gormTagSettings(raw, ";")
		if _, ok := tag["-"]; ok {
			continue
		}
		at := f.Pos()
		if pos.IsValid() {
			at = pos
		}
		ft := f.Type()
		_, embedded := tag["EMBEDDED"]
		if embedded || f.Anonymous() {
			if s, ok := derefStruct(ft); ok && !isColumnType(ft) {
				if _, ok := tag["EMBEDDEDPREFIX"]; ok && !embedded {
					return "an embedded prefix on an anonymous field"
				}
				if why := collectGormFields(s, prefix+tag["EMBEDDEDPREFIX"], at, out); why != "" {
					return why
				}
				continue
			}
		}
		_, typed := tag["TYPE"]
		if !isColumnType(ft) && !typed && tag["SERIALIZER"] == "" && tag["JSON"] == "" {
			// An association, or a field of no column type: no column.
			continue
		}
		name := tag["COLUMN"]
		if name == "" {
			var ok bool
			if name, ok = gormSnake(f.Name()); !ok {
				return "GORM forms the column of " + f.Name() + " by a rule jobqlint does not read"
			}
		}
		*out = append(*out, &migratedField{goName: f.Name(), column: prefix + name, typ: ft, tag: tag, rawTag: raw, pos: at})
	}
	return ""
}

// markPrimaryKey sets the primary key as GORM's schema parser does: the
// fields tagged primaryKey, else the field named id or ID; a single
// integer key with no autoIncrement tag is auto-incremented.
func markPrimaryKey(fields []*migratedField) {
	var primary []*migratedField
	for _, f := range fields {
		if truth(f.tag, "PRIMARYKEY") || truth(f.tag, "PRIMARY_KEY") {
			f.primary = true
			primary = append(primary, f)
		}
		f.autoIncrement = truth(f.tag, "AUTOINCREMENT")
		f.unique = truth(f.tag, "UNIQUE")
	}
	var prioritized *migratedField
	for _, name := range []string{"id", "ID"} {
		for _, f := range fields {
			if prioritized == nil && (f.column == name || f.goName == name) {
				prioritized = f
			}
		}
	}
	switch {
	case prioritized != nil && prioritized.primary:
	case prioritized != nil && len(primary) == 0:
		prioritized.primary = true
		primary = append(primary, prioritized)
	default:
		prioritized = nil
	}
	if prioritized == nil && len(primary) == 1 {
		prioritized = primary[0]
	} else if prioritized == nil {
		for _, f := range primary {
			if f.autoIncrement {
				prioritized = f
				break
			}
		}
	}
	if prioritized == nil {
		return
	}
	if _, tagged := prioritized.tag["AUTOINCREMENT"]; tagged {
		return
	}
	if k, _, ok := prioritized.kind(); ok && (k == gormInt || k == gormUint) {
		prioritized.autoIncrement = true
	}
}

// truth is GORM's CheckTruth of one setting: set, and not "false".
func truth(tag map[string]string, key string) bool {
	v, ok := tag[key]
	return ok && v != "" && !strings.EqualFold(v, "false")
}

// GORM's data types (schema.DataType).
type gormKind string

const (
	gormBool   gormKind = "bool"
	gormInt    gormKind = "int"
	gormUint   gormKind = "uint"
	gormFloat  gormKind = "float"
	gormString gormKind = "string"
	gormTime   gormKind = "time"
	gormBytes  gormKind = "bytes"
)

// kind returns the data type GORM's parser gives the field's Go type, and
// its size in bits for numbers. ok is false for a type whose data type
// only running its methods tells (a Valuer other than database/sql's Null
// types and gorm.DeletedAt, a GormDataType method).
func (f *migratedField) kind() (gormKind, int, bool) {
	if v, ok := f.tag["SERIALIZER"]; ok && v != "" {
		return gormString, 0, true
	}
	if v, ok := f.tag["JSON"]; ok && v != "" {
		return gormString, 0, true
	}
	t := f.typ
	for {
		p, ok := t.(*types.Pointer)
		if !ok {
			break
		}
		t = p.Elem()
	}
	if hasMethod(t, "GormDataType") {
		return "", 0, false
	}
	if isNamed(t, "time", "Time") {
		return gormTime, 0, true
	}
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil {
		switch n.Obj().Pkg().Path() + "." + n.Obj().Name() {
		case "gorm.io/gorm.DeletedAt", "database/sql.NullTime":
			return gormTime, 0, true
		case "database/sql.NullString":
			return gormString, 0, true
		case "database/sql.NullBool":
			return gormBool, 0, true
		case "database/sql.NullInt64":
			return gormInt, 64, true
		case "database/sql.NullInt32":
			return gormInt, 32, true
		case "database/sql.NullInt16":
			return gormInt, 16, true
		case "database/sql.NullByte":
			return gormUint, 8, true
		case "database/sql.NullFloat64":
			return gormFloat, 64, true
		}
	}
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil && stringValuers[n.Obj().Pkg().Path()+"."+n.Obj().Name()] {
		return gormString, 0, true
	}
	if hasMethod(t, "Value") {
		return "", 0, false
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch u.Kind() {
		case types.Bool:
			return gormBool, 0, true
		case types.Int, types.Int64:
			return gormInt, 64, true
		case types.Int8:
			return gormInt, 8, true
		case types.Int16:
			return gormInt, 16, true
		case types.Int32:
			return gormInt, 32, true
		case types.Uint, types.Uint64:
			return gormUint, 64, true
		case types.Uint8:
			return gormUint, 8, true
		case types.Uint16:
			return gormUint, 16, true
		case types.Uint32:
			return gormUint, 32, true
		case types.Float32:
			return gormFloat, 32, true
		case types.Float64:
			return gormFloat, 64, true
		case types.String:
			return gormString, 0, true
		}
	case *types.Slice:
		if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte {
			return gormBytes, 0, true
		}
	case *types.Struct:
		if sameAsTime(u) {
			return gormTime, 0, true
		}
	}
	return "", 0, false
}

// stringValuers are the UUID types of the common libraries, whose Value
// returns their text (also for the zero value GORM's parser calls it on):
// GORM stores them as text (checked by TestGormDDLIsWhatAutoMigrateCreates
// and TestStringValuersAreGormStrings). The column type of another Valuer
// is what its Value returns, which only running it tells.
var stringValuers = map[string]bool{
	"github.com/google/uuid.UUID": true,
	"github.com/gofrs/uuid.UUID":  true,
}

// sameAsTime reports whether a struct is time.Time's (a type defined as
// time.Time converts to it, which GORM takes for a time).
func sameAsTime(s *types.Struct) bool {
	if s.NumFields() != 3 {
		return false
	}
	for i, name := range []string{"wall", "ext", "loc"} {
		f := s.Field(i)
		if f.Name() != name || f.Pkg() == nil || f.Pkg().Path() != "time" {
			return false
		}
	}
	return true
}

// definition is the column's type, NOT NULL and DEFAULT, as the
// PostgreSQL driver's DataTypeOf and the migrator's FullDataTypeOf write
// them.
func (f *migratedField) definition() (string, string) {
	kind, bits, ok := f.kind()
	typ := ""
	if v, tagged := f.tag["TYPE"]; tagged {
		switch k := gormKind(strings.ToLower(v)); k {
		case gormBool, gormInt, gormUint, gormFloat, gormString, gormTime, gormBytes:
			if k != kind && (k == gormInt || k == gormUint || k == gormFloat) {
				// GORM sizes a number by the Go field's kind.
				if !ok {
					return "", "a numeric type tag on a type jobqlint does not read"
				}
			}
			kind, ok = k, true
		default:
			typ = v
		}
	}
	if typ == "" && !ok {
		return "", "its column type is decided by its Value or GormDataType method"
	}
	if _, gen := f.tag["GENERATED"]; gen {
		return "", "a generated column"
	}
	size := bits
	if v, tagged := f.tag["SIZE"]; tagged {
		n, err := strconv.Atoi(v)
		if err != nil {
			n = -1
		}
		size = n
	}
	precision, _ := strconv.Atoi(f.tag["PRECISION"])
	scale, _ := strconv.Atoi(f.tag["SCALE"])
	if typ == "" {
		typ = postgresType(kind, size, precision, scale, f.autoIncrement)
	}
	def := typ
	if truth(f.tag, "NOT NULL") || truth(f.tag, "NOTNULL") {
		def += " NOT NULL"
	}
	if v, tagged := f.tag["DEFAULT"]; tagged {
		d, why := gormDefault(kind, strings.TrimSpace(v))
		if why != "" {
			return "", why
		}
		if d != "" {
			def += " DEFAULT " + d
		}
	}
	return def, ""
}

// postgresType is the PostgreSQL driver's base type of a GORM data type.
func postgresType(kind gormKind, size, precision, scale int, autoIncrement bool) string {
	switch kind {
	case gormBool:
		return "boolean"
	case gormInt, gormUint:
		if kind == gormUint {
			size++
		}
		typ := "bigint"
		switch {
		case size <= 16:
			typ = "smallint"
		case size <= 32:
			typ = "integer"
		}
		if autoIncrement {
			return map[string]string{"smallint": "smallserial", "integer": "serial", "bigint": "bigserial"}[typ]
		}
		return typ
	case gormFloat:
		if precision > 0 {
			if scale > 0 {
				return fmt.Sprintf("numeric(%d, %d)", precision, scale)
			}
			return fmt.Sprintf("numeric(%d)", precision)
		}
		return "decimal"
	case gormString:
		if size > 0 && size <= 10485760 {
			return fmt.Sprintf("varchar(%d)", size)
		}
		return "text"
	case gormTime:
		if precision > 0 {
			return fmt.Sprintf("timestamptz(%d)", precision)
		}
		return "timestamptz"
	}
	return "bytea"
}

// gormDefault is the DEFAULT clause's expression for a default tag: a
// function call, null or an empty value is written as it is (empty: no
// clause); a value of a basic kind is parsed and written as a literal.
func gormDefault(kind gormKind, v string) (string, string) {
	if strings.Contains(v, "(") && strings.Contains(v, ")") || strings.EqualFold(v, "null") || v == "" {
		return v, ""
	}
	switch kind {
	case gormString:
		s := strings.Trim(strings.Trim(v, "'"), `"`)
		return "'" + strings.ReplaceAll(s, "'", "''") + "'", ""
	case gormBool:
		b, err := strconv.ParseBool(v)
		if err != nil {
			return "", "a default GORM cannot parse"
		}
		return strconv.FormatBool(b), ""
	case gormInt:
		n, err := strconv.ParseInt(v, 0, 64)
		if err != nil {
			return "", "a default GORM cannot parse"
		}
		return strconv.FormatInt(n, 10), ""
	case gormUint:
		n, err := strconv.ParseUint(v, 0, 64)
		if err != nil {
			return "", "a default GORM cannot parse"
		}
		return strconv.FormatUint(n, 10), ""
	}
	return "", "a default value jobqlint does not read"
}

// A gormIndex is an index the fields' tags declare.
type gormIndex struct {
	name, class, using, where string
	keys                      []gormIndexKey
	pos                       token.Pos
}

type gormIndexKey struct {
	column, expression, sort, collate string
	priority                          int
}

func (idx *gormIndex) sql(table string) string {
	var keys []string
	for _, k := range idx.keys {
		s := quoteIdent(k.column)
		if k.expression != "" {
			s = k.expression
		}
		if k.collate != "" {
			s += " COLLATE " + k.collate
		}
		if k.sort != "" {
			s += " " + k.sort
		}
		keys = append(keys, s)
	}
	sql := "CREATE "
	if idx.class != "" {
		sql += idx.class + " "
	}
	sql += "INDEX IF NOT EXISTS " + quoteIdent(idx.name) + " ON " + quoteQualified(table)
	if idx.using != "" {
		sql += " USING " + idx.using
	}
	sql += " (" + strings.Join(keys, ",") + ")"
	if idx.where != "" {
		sql += " WHERE " + idx.where
	}
	return sql
}

// gormIndexes reads the index and uniqueIndex settings of the fields' tags:
// fields naming the same index share it, keys ordered by priority (10
// unless given), then by field order.
func gormIndexes(table string, fields []*migratedField) ([]*gormIndex, string) {
	var out []*gormIndex
	byName := map[string]*gormIndex{}
	for _, f := range fields {
		for _, part := range strings.Split(f.rawTag, ";") {
			if part == "" {
				continue
			}
			v := strings.Split(part, ":")
			k := strings.TrimSpace(strings.ToUpper(v[0]))
			if k != "INDEX" && k != "UNIQUEINDEX" {
				continue
			}
			value := strings.Join(v[1:], ":")
			name, rest, _ := strings.Cut(value, ",")
			settings := gormTagSettings(rest, ",")
			if _, ok := settings["OPTION"]; ok {
				return nil, "an index option jobqlint does not read"
			}
			if name == "" {
				sub := f.goName
				if c, ok := settings["COMPOSITE"]; ok {
					if c == "" || c == "COMPOSITE" {
						return nil, "an empty composite index name"
					}
					sub = c
				}
				snake, ok := gormSnake(sub)
				if !ok {
					return nil, "an index name GORM forms by a rule jobqlint does not read"
				}
				name = gormName("idx", table, snake)
			}
			class := settings["CLASS"]
			if k == "UNIQUEINDEX" || settings["UNIQUE"] != "" {
				class = "UNIQUE"
			}
			if class != "" && class != "UNIQUE" {
				return nil, "an index class PostgreSQL has not (" + class + ")"
			}
			priority, err := strconv.Atoi(settings["PRIORITY"])
			if err != nil {
				priority = 10
			}
			idx := byName[name]
			if idx == nil {
				idx = &gormIndex{name: name, pos: f.pos}
				byName[name] = idx
				out = append(out, idx)
			}
			if idx.class == "" {
				idx.class = class
			}
			if idx.using == "" {
				idx.using = settings["TYPE"]
			}
			if idx.where == "" {
				idx.where = settings["WHERE"]
			}
			idx.keys = append(idx.keys, gormIndexKey{column: f.column, expression: settings["EXPRESSION"], sort: settings["SORT"], collate: settings["COLLATE"], priority: priority})
			slices.SortStableFunc(idx.keys, func(a, b gormIndexKey) int { return a.priority - b.priority })
		}
	}
	return out, ""
}

// gormTagSettings is GORM's ParseTagSetting: settings split by sep (a
// backslash escapes it), each KEY:value with the key upper-cased, a bare
// KEY standing for itself.
func gormTagSettings(s, sep string) map[string]string {
	out := map[string]string{}
	names := strings.Split(s, sep)
	for i := 0; i < len(names); i++ {
		part := names[i]
		for strings.HasSuffix(part, `\`) && i+1 < len(names) {
			i++
			part = part[:len(part)-1] + sep + names[i]
		}
		values := strings.Split(part, ":")
		k := strings.TrimSpace(strings.ToUpper(values[0]))
		if len(values) >= 2 {
			out[k] = strings.ReplaceAll(strings.Join(values[1:], ":"), `\"`, `"`)
		} else if k != "" {
			out[k] = k
		}
	}
	return out
}

// gormName is the naming strategy's name of an index or constraint:
// prefix_table_column, dots made underscores, and a name over 64
// characters cut to 56 and the first 8 hex digits of its SHA-1.
func gormName(prefix, table, column string) string {
	name := strings.ReplaceAll(prefix+"_"+table+"_"+column, ".", "_")
	if utf8.RuneCountInString(name) > 64 {
		sum := sha1.Sum([]byte(name))
		name = name[:56] + hex.EncodeToString(sum[:])[:8]
	}
	return name
}

// quoteQualified quotes each part of a schema-qualified name.
func quoteQualified(name string) string {
	parts := strings.Split(name, ".")
	for i, p := range parts {
		parts[i] = quoteIdent(p)
	}
	return strings.Join(parts, ".")
}
