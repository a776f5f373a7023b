package ormsql

import (
	"go/types"
	"reflect"
	"slices"
	"strings"
)

// bunModel is what bun reads from a model's struct: the table, its alias
// and the columns, in field order.
type bunModel struct {
	table, alias string
	cols         []string
	pk           []string
	slice        bool // the model is a slice of rows
	unread       string
}

func (m bunModel) isPK(col string) bool { return slices.Contains(m.pk, col) }

// modelOf reads the model of a Model(x) argument's type: a pointer to a
// struct, or to a slice of structs (or of pointers to them).
func modelOf(t types.Type, d *dialect) bunModel {
	var m bunModel
	p, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return bunModel{unread: "bun's model is not a pointer to a struct or a slice"}
	}
	t = p.Elem()
	if s, ok := t.Underlying().(*types.Slice); ok {
		m.slice = true
		t = s.Elem()
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
	}
	named, ok := t.(*types.Named)
	if !ok {
		return bunModel{unread: "bun's model is not a named struct"}
	}
	st, ok := named.Underlying().(*types.Struct)
	if !ok {
		return bunModel{unread: "bun's model is not a struct"}
	}
	name := underscore(named.Obj().Name())
	m.alias = name
	m.table, ok = plural(name)
	if !ok {
		m.unread = "bun's plural of " + name + " is not reproduced"
	}
	tableSet := false
	for i := range st.NumFields() {
		f := st.Field(i)
		tag, tagged := reflect.StructTag(st.Tag(i)).Lookup(d.tag)
		if d.tag == "pg" {
			tag = trimOptions(tag)
		}
		if d.tag == "pg" && f.Name() == "tableName" {
			// go-pg: the table's name first, then its options.
			name, opts, _ := strings.Cut(tag, ",")
			if name != "" {
				if !plainName(name) {
					return bunModel{unread: "go-pg's table name " + name + " is not read"}
				}
				m.table, tableSet = name, true
			}
			for _, opt := range strings.Split(opts, ",") {
				key, val, _ := strings.Cut(opt, ":")
				switch {
				case opt == "", key == "discard_unknown_columns":
				case key == "alias" && plainName(val):
					m.alias = val
				default:
					return bunModel{unread: "go-pg's table option " + opt + " is not read"}
				}
			}
			continue
		}
		if d.tag == "bun" && f.Embedded() && isBaseModel(f.Type()) {
			// A first element with no colon names the table (bun's
			// older form, still read by v1.3); table: overrides it.
			for i, opt := range strings.Split(tag, ",") {
				key, val, colon := strings.Cut(opt, ":")
				switch {
				case opt == "":
				case i == 0 && !colon && plainName(opt):
					m.table, tableSet = opt, true
				case key == "table" && plainName(val):
					m.table, tableSet = val, true
				case key == "alias" && plainName(val):
					m.alias = val
				default:
					return bunModel{unread: "bun's model option " + opt + " is not read"}
				}
			}
			continue
		}
		if tag == "-" || !f.Exported() {
			continue
		}
		if f.Embedded() {
			return bunModel{unread: "bun's model embeds " + f.Name() + ", whose columns are not read"}
		}
		col, opts, _ := strings.Cut(tag, ",")
		if strings.Contains(col, ":") {
			// bun's tag parser takes a first element with a colon
			// (`bun:"type:uuid"`) for an option, not the name.
			col, opts = "", tag
		}
		if !tagged || col == "" {
			col = underscore(f.Name())
		}
		if !plainName(col) {
			return bunModel{unread: "bun's column " + col + " is not read"}
		}
		rel, pk := false, false
		for _, opt := range strings.Split(opts, ",") {
			key, _, _ := strings.Cut(opt, ":")
			switch key {
			case "", "notnull", "nullzero", "unique", "type", "default", "autoincrement", "identity", "array", "json_use_number", "msgpack", "hstore", "composite", "use_zero":
			case "pk":
				pk = true
			case "rel", "m2m", "join":
				rel = true
			default:
				return bunModel{unread: "bun's field option " + opt + " is not read"}
			}
		}
		if rel {
			continue
		}
		m.cols = append(m.cols, col)
		if d.defaultPK && !pk && len(m.pk) == 0 && (col == "id" || col == "uuid" || col == "pk_"+name) {
			pk = true
		}
		if pk {
			m.pk = append(m.pk, col)
		}
	}
	if tableSet && strings.HasPrefix(m.unread, "bun's plural") {
		m.unread = ""
	}
	return m
}

// isBaseModel reports whether t is bun.BaseModel: since bun v1.1 an alias
// of schema.BaseModel.
func isBaseModel(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Name() != "BaseModel" {
		return false
	}
	path := n.Obj().Pkg().Path()
	return path == bunPath || path == bunPath+"/schema"
}

// underscore turns a Go name into bun's snake case: an upper-case letter
// starts a word when the letter before it, or the one after, is lower
// case (RunAt is run_at, ID is id, HTTPCode is http_code).
func underscore(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			if i > 0 && i+1 < len(s) && (isLower(s[i-1]) || isLower(s[i+1])) {
				b.WriteByte('_')
			}
			b.WriteByte(c + 'a' - 'A')
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

func isLower(c byte) bool { return c >= 'a' && c <= 'z' }

// plural returns bun's table name for a model's snake-case name, as its
// inflection library (jinzhu/inflection, bun's default) forms it, for the
// endings whose rule is regular: false for any word it may form otherwise
// (irregular or uncountable words, Latin and Greek endings, -f, -s).
func plural(name string) (string, bool) {
	word := name[strings.LastIndexByte(name, '_')+1:]
	if len(word) < 2 || uncountable[word] || !isLower(word[len(word)-1]) {
		return "", false // the library leaves a name ending in a digit as it is
	}
	for _, suffix := range []string{"person", "man", "child", "ix", "ex", "ta", "ia", "um", "quy", "fe"} {
		if strings.HasSuffix(word, suffix) {
			return "", false
		}
	}
	last, before := word[len(word)-1], word[len(word)-2]
	switch {
	case last == 'o' && !strings.HasSuffix(word, "buffalo") && !strings.HasSuffix(word, "tomato"):
		return name + "s", true // repo, video, todo: only buffalo and tomato take -oes
	case strings.ContainsRune("sfoiz", rune(last)):
		return "", false
	case last == 'x' || last == 'h' && (before == 'c' || before == 's'):
		return name + "es", true
	case last == 'y' && !strings.ContainsRune("aeiouy", rune(before)):
		return name[:len(name)-1] + "ies", true
	}
	return name + "s", true
}

// uncountable lists the words the inflection library leaves as they are
// (it matches them as the whole name; any last word is refused here).
var uncountable = map[string]bool{
	"equipment": true, "information": true, "rice": true, "money": true, "species": true,
	"series": true, "fish": true, "sheep": true, "jeans": true, "police": true,
	"mouse": true, "louse": true, "ox": true,
}

// trimOptions drops the spaces around a go-pg tag's name, options and
// values, as go-pg's tag parser (vmihailenco/tagparser) does: `pg:"id, pk"`
// is the column id, a primary key.
func trimOptions(tag string) string {
	parts := strings.Split(tag, ",")
	for i, p := range parts {
		if key, val, colon := strings.Cut(p, ":"); colon {
			parts[i] = strings.TrimSpace(key) + ":" + strings.TrimSpace(val)
		} else {
			parts[i] = strings.TrimSpace(p)
		}
	}
	return strings.Join(parts, ",")
}
