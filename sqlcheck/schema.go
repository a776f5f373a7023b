package sqlcheck

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
)

// A Schema is the database schema that replaying the migrations produces.
type Schema struct {
	Tables    map[string]*Table    // by qualified name, "public.jobs"
	Enums     map[string][]string  // enum types' labels, by qualified name: "public.job_state"
	Functions map[string]*Function // functions and procedures by qualified name, "public.dequeue" (the last one created of each name)
	Triggers  []*Trigger           // in the order they were created
	Problems  []Problem            // SQL the parser rejected, in source order (and, from the caller, files it could not read)
	Sources   []SourceUse          // what discovery replayed and set aside, set by the caller
	// Locks lists the DDL that locks a table created by an earlier source
	// against the queue's statements, in source order (see LockingDDL).
	Locks []*LockingDDL
}

// A Problem is SQL that could not be parsed, or a schema file or directory
// that could not be read.
type Problem struct {
	Loc    Loc
	Msg    string
	Unread bool // the file (or directory) at Loc.File could not be read
	Config bool // a sqlc configuration jobqlint could not read (see Discover)
}

// A Table is a table of the final schema.
type Table struct {
	Name    string // qualified, "public.jobs"
	Loc     Loc    // the CREATE TABLE statement
	Columns []*Column
	Indexes []*Index
}

// A Column is a column of a table, with where its current type was set.
type Column struct {
	Name    string
	Type    Type
	NotNull bool
	Default *Value // nil when there is none
	// Check lists the values a CHECK constraint allows the column:
	// CHECK (status IN ('queued', 'running', 'done')); nil when none does.
	Check     []string
	checkName string
}

// A Type is a column type as written in the migration that set it.
type Type struct {
	Name   string // the parser's type name, lower case: "timestamp", "timestamptz", "jsonb", "text", "int8"...
	Schema string // the type's schema, when the migration names it
	Array  bool
	Loc    Loc    // where the type is written
	Text   string // the type as written (e.g. "timestamp without time zone"); "" when unknown
	Exact  bool   // Loc and Text can be used to edit the file
}

// An Index is an index of a table, including those behind PRIMARY KEY and
// UNIQUE constraints.
type Index struct {
	Name    string
	Keys    []IndexKey
	Where   []Pred // the partial-index predicate's conjuncts; nil when the index is not partial
	Unique  bool
	Primary bool
	Loc     Loc
}

// An IndexKey is one key of an index: a column, or an expression.
type IndexKey struct {
	Column string // "" for an expression
	Expr   string // the key as SQL
}

// Column returns the named column, or nil.
func (t *Table) Column(name string) *Column {
	for _, c := range t.Columns {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// Names reports whether every column s names in its WHERE and ORDER BY is
// a column of t. A poll that names a column the table lacks was written for
// another schema (another database, a test's own table, an older version):
// what t's indexes do for it says nothing.
func (t *Table) Names(s *Stmt) bool {
	for _, o := range s.OrderBy {
		if o.Column != "" && t.Column(o.Column) == nil {
			return false
		}
	}
	return t.namesAll(s.Where)
}

func (t *Table) namesAll(preds []Pred) bool {
	for _, p := range preds {
		if p.Column != "" && t.Column(p.Column) == nil {
			return false
		}
		for _, b := range p.Branches {
			if !t.namesAll(b) {
				return false
			}
		}
	}
	return true
}

// Table returns the table a statement names, resolving an unqualified name
// through the default search_path (public).
func (s *Schema) Table(name string) *Table {
	if s == nil {
		return nil
	}
	return s.Tables[name]
}

// Replay applies the DDL of each source, in order, and returns the final
// schema. Statements it does not model are skipped.
func Replay(sources []*Source) *Schema {
	s := &Schema{Tables: make(map[string]*Table), Enums: make(map[string][]string), Functions: make(map[string]*Function)}
	for _, src := range sources {
		sess := &session{created: map[string]bool{}}
		parseSkipping(src.SQL, replaySkip, func(raw RawStmt) { s.apply(src, raw, sess) }, func(e *ParseError) {
			// A Go string only looks like DDL; its parse errors are reported
			// where Go code runs it. A template is not SQL until filled in.
			if !src.FromGo && !src.templated(e.stmt.start, e.stmt.end) {
				s.Problems = append(s.Problems, Problem{Loc: src.Loc(e.Offset), Msg: e.Msg})
			}
		})
	}
	return s
}

// session is what one source's earlier statements leave behind for the
// next: a migration file runs as one session.
type session struct {
	path    []string        // SET search_path in this file: nil is the default, public
	created map[string]bool // the tables this file creates
	tx      txState         // the file's transactions and lock_timeout (see recordLock)
	apart   txState         // the same, were the file sent one statement at a time
}

func (s *Schema) apply(src *Source, raw RawStmt, sess *session) {
	r := replayer{s: s, src: src, raw: raw, path: sess.path}
	r.recordLock(sess)
	s.applyDDL(src, raw, sess)
}

// applyDDL applies one statement's change to the tables, columns, indexes,
// functions and types.
func (s *Schema) applyDDL(src *Source, raw RawStmt, sess *session) {
	r := replayer{s: s, src: src, raw: raw, path: sess.path}
	n := raw.Node
	switch {
	case n.GetDoStmt() != nil:
		// The locks its statements take are not recorded: migrationlock
		// reads the statements written at the top of a file.
		for _, inner := range doBlockDDL(raw, n.GetDoStmt()) {
			s.applyDDL(src, inner, sess)
		}
	case n.GetVariableSetStmt() != nil:
		sess.path = searchPath(n.GetVariableSetStmt(), sess.path)
	case n.GetCreateStmt() != nil:
		sess.created[r.createName(n.GetCreateStmt().GetRelation().GetSchemaname(), n.GetCreateStmt().GetRelation().GetRelname())] = true
		r.createTable(n.GetCreateStmt())
	case n.GetAlterTableStmt() != nil:
		r.alterTable(n.GetAlterTableStmt())
	case n.GetIndexStmt() != nil:
		r.createIndex(n.GetIndexStmt())
	case n.GetRenameStmt() != nil:
		r.rename(n.GetRenameStmt())
	case n.GetDropStmt() != nil:
		r.drop(n.GetDropStmt())
	case n.GetCreateFunctionStmt() != nil:
		r.createFunction(n.GetCreateFunctionStmt())
	case n.GetCreateTrigStmt() != nil:
		r.createTrigger(n.GetCreateTrigStmt())
	case n.GetCreateEnumStmt() != nil:
		r.createEnum(n.GetCreateEnumStmt())
	case n.GetAlterEnumStmt() != nil:
		r.alterEnum(n.GetAlterEnumStmt())
	default:
		// DML, functions, triggers, grants, extensions...: no effect on the
		// tables, columns and indexes that the rules read.
	}
}

// replayer applies one statement of one source.
type replayer struct {
	s    *Schema
	src  *Source
	raw  RawStmt
	path []string // the schemas of the search_path set earlier in the file; nil for the default
}

// searchPath returns the search_path after a SET statement: SET [LOCAL]
// search_path TO a, b (or = a, b; SET SCHEMA 'a') sets it, RESET and SET
// ... TO DEFAULT restore the default. "$user" and the system schemas are
// left out: CREATE does not put tables there in a migration. A migration
// file runs as one session (and usually one transaction), so the setting
// lasts to the end of the file, SET LOCAL too.
func searchPath(v *pg.VariableSetStmt, path []string) []string {
	if v.GetName() != "search_path" {
		return path
	}
	switch v.GetKind() {
	case pg.VariableSetKind_VAR_SET_VALUE:
		var out []string
		for _, a := range v.GetArgs() {
			name := a.GetAConst().GetSval().GetSval()
			if name == "" || name == "$user" || name == "pg_catalog" || name == "pg_temp" {
				continue
			}
			out = append(out, name)
		}
		return out
	case pg.VariableSetKind_VAR_SET_DEFAULT, pg.VariableSetKind_VAR_RESET:
		return nil
	}
	return path
}

// schemas returns the schemas an unqualified name is looked up in.
func (r replayer) schemas() []string {
	if len(r.path) == 0 {
		return []string{"public"}
	}
	return r.path
}

// createName is the qualified name a CREATE gives a relation: an
// unqualified one goes to the first schema of the search_path.
func (r replayer) createName(schema, name string) string {
	if schema == "" {
		schema = r.schemas()[0]
	}
	return QualifiedName(schema, name)
}

// lookupName is the qualified name of an existing relation: an unqualified
// one is the first table of that name along the search_path.
func (r replayer) lookupName(schema, name string) string {
	if schema != "" {
		return QualifiedName(schema, name)
	}
	for _, sch := range r.schemas() {
		if q := QualifiedName(sch, name); r.s.Tables[q] != nil {
			return q
		}
	}
	return QualifiedName(r.schemas()[0], name)
}

func (r replayer) loc(location int32) Loc {
	if location < 0 {
		return r.src.Loc(r.raw.Start)
	}
	return r.src.Loc(r.raw.Base + int(location))
}

func (r replayer) createTable(c *pg.CreateStmt) {
	name := r.createName(c.GetRelation().GetSchemaname(), c.GetRelation().GetRelname())
	if _, exists := r.s.Tables[name]; exists && c.GetIfNotExists() {
		return
	}
	t := &Table{Name: name, Loc: r.src.Loc(r.raw.Start)}
	r.s.Tables[name] = t
	for _, elt := range c.GetTableElts() {
		switch {
		case elt.GetColumnDef() != nil:
			r.addColumn(t, elt.GetColumnDef())
		case elt.GetConstraint() != nil:
			r.addConstraint(t, elt.GetConstraint(), nil)
		}
	}
}

func (r replayer) addColumn(t *Table, def *pg.ColumnDef) {
	col := &Column{Name: def.GetColname(), Type: r.typ(def.GetTypeName()), NotNull: def.GetIsNotNull()}
	if d := def.GetRawDefault(); d != nil {
		v := value(d)
		col.Default = &v
	}
	if old := t.Column(col.Name); old != nil {
		*old = *col
	} else {
		t.Columns = append(t.Columns, col)
	}
	for _, c := range def.GetConstraints() {
		r.addConstraint(t, c.GetConstraint(), col)
	}
}

func (r replayer) addConstraint(t *Table, c *pg.Constraint, col *Column) {
	if c == nil {
		return
	}
	switch c.GetContype() {
	case pg.ConstrType_CONSTR_NOTNULL:
		if col != nil {
			col.NotNull = true
		}
	case pg.ConstrType_CONSTR_DEFAULT:
		if col != nil && c.GetRawExpr() != nil {
			v := value(c.GetRawExpr())
			col.Default = &v
		}
	case pg.ConstrType_CONSTR_CHECK:
		r.addCheck(t, c, col)
	case pg.ConstrType_CONSTR_PRIMARY, pg.ConstrType_CONSTR_UNIQUE:
		primary := c.GetContype() == pg.ConstrType_CONSTR_PRIMARY
		var cols []string
		if col != nil {
			cols = []string{col.Name}
		}
		for _, k := range c.GetKeys() {
			cols = append(cols, k.GetString_().GetSval())
		}
		idx := &Index{Name: c.GetConname(), Unique: true, Primary: primary, Loc: r.loc(c.GetLocation())}
		for _, name := range cols {
			idx.Keys = append(idx.Keys, IndexKey{Column: name, Expr: name})
		}
		if idx.Name == "" {
			if primary {
				idx.Name = r.s.uniqueIndexName(defaultIndexName(t.Name, nil, "pkey"))
			} else {
				idx.Name = r.s.uniqueIndexName(defaultIndexName(t.Name, cols, "key"))
			}
		}
		if primary {
			for _, name := range cols {
				if c := t.Column(name); c != nil {
					c.NotNull = true
				}
			}
		}
		t.Indexes = append(t.Indexes, idx)
	}
}

// uniqueIndexName makes a generated name unique the way PostgreSQL does,
// by appending 1, 2...: a second unnamed index on jobs (run_at) is
// jobs_run_at_idx1 (TestReplayMatchesPostgreSQL checks the names).
func (s *Schema) uniqueIndexName(name string) string {
	taken := map[string]bool{}
	for _, t := range s.Tables {
		for _, idx := range t.Indexes {
			taken[idx.Name] = true
		}
	}
	if !taken[name] {
		return name
	}
	for n := 1; ; n++ {
		if c := fmt.Sprintf("%s%d", name, n); !taken[c] {
			return c
		}
	}
}

// defaultIndexName is the name PostgreSQL gives an unnamed index:
// table_col1_col2_idx, table_pkey (without the schema).
func defaultIndexName(table string, cols []string, suffix string) string {
	_, name, _ := strings.Cut(table, ".")
	parts := append([]string{name}, cols...)
	return strings.Join(append(parts, suffix), "_")
}

func (r replayer) alterTable(a *pg.AlterTableStmt) {
	if a.GetObjtype() != pg.ObjectType_OBJECT_TABLE {
		return
	}
	t := r.s.Table(r.lookupName(a.GetRelation().GetSchemaname(), a.GetRelation().GetRelname()))
	if t == nil {
		return
	}
	for _, c := range a.GetCmds() {
		cmd := c.GetAlterTableCmd()
		switch cmd.GetSubtype() {
		case pg.AlterTableType_AT_AddColumn:
			def := cmd.GetDef().GetColumnDef()
			if def == nil || (cmd.GetMissingOk() && t.Column(def.GetColname()) != nil) {
				continue
			}
			r.addColumn(t, def)
		case pg.AlterTableType_AT_DropColumn:
			t.dropColumn(cmd.GetName())
		case pg.AlterTableType_AT_AlterColumnType:
			if col := t.Column(cmd.GetName()); col != nil {
				if def := cmd.GetDef().GetColumnDef(); def != nil && def.GetTypeName() != nil {
					col.Type = r.typ(def.GetTypeName())
				}
			}
		case pg.AlterTableType_AT_ColumnDefault:
			if col := t.Column(cmd.GetName()); col != nil {
				if d := cmd.GetDef(); d != nil {
					v := value(d)
					col.Default = &v
				} else {
					col.Default = nil
				}
			}
		case pg.AlterTableType_AT_SetNotNull, pg.AlterTableType_AT_DropNotNull:
			if col := t.Column(cmd.GetName()); col != nil {
				col.NotNull = cmd.GetSubtype() == pg.AlterTableType_AT_SetNotNull
			}
		case pg.AlterTableType_AT_AddConstraint:
			r.addConstraint(t, cmd.GetDef().GetConstraint(), nil)
		case pg.AlterTableType_AT_DropConstraint:
			t.dropIndex(cmd.GetName())
			t.dropCheck(cmd.GetName())
		}
	}
}

// dropColumn removes a column and, as PostgreSQL does, every index that uses it.
func (t *Table) dropColumn(name string) {
	t.Columns = slices.DeleteFunc(t.Columns, func(c *Column) bool { return c.Name == name })
	t.Indexes = slices.DeleteFunc(t.Indexes, func(idx *Index) bool {
		for _, k := range idx.Keys {
			if k.Column == name || (k.Column == "" && mentions(k.Expr, name)) {
				return true
			}
		}
		for _, p := range idx.Where {
			if p.Column == name {
				return true
			}
		}
		return false
	})
}

func (t *Table) dropIndex(name string) bool {
	n := len(t.Indexes)
	t.Indexes = slices.DeleteFunc(t.Indexes, func(idx *Index) bool { return idx.Name == name })
	return len(t.Indexes) < n
}

func mentions(expr, col string) bool {
	return regexp.MustCompile(`\b` + regexp.QuoteMeta(col) + `\b`).MatchString(expr)
}

func (r replayer) createIndex(ix *pg.IndexStmt) {
	t := r.s.Table(r.lookupName(ix.GetRelation().GetSchemaname(), ix.GetRelation().GetRelname()))
	if t == nil {
		return
	}
	idx := &Index{Name: ix.GetIdxname(), Unique: ix.GetUnique(), Primary: ix.GetPrimary(), Loc: r.src.Loc(r.raw.Start)}
	var cols []string
	for _, p := range ix.GetIndexParams() {
		el := p.GetIndexElem()
		if el == nil {
			continue
		}
		if el.GetName() != "" {
			idx.Keys = append(idx.Keys, IndexKey{Column: el.GetName(), Expr: el.GetName()})
			cols = append(cols, el.GetName())
		} else {
			idx.Keys = append(idx.Keys, IndexKey{Column: columnName(el.GetExpr()), Expr: Deparse(el.GetExpr())})
			cols = append(cols, "expr")
		}
	}
	if ix.GetWhereClause() != nil {
		idx.Where = preds(ix.GetWhereClause())
	}
	if idx.Name == "" {
		idx.Name = r.s.uniqueIndexName(defaultIndexName(t.Name, cols, "idx"))
	}
	for _, old := range t.Indexes {
		if old.Name == idx.Name {
			if ix.GetIfNotExists() {
				return
			}
			t.dropIndex(idx.Name)
			break
		}
	}
	t.Indexes = append(t.Indexes, idx)
}

func (r replayer) rename(rn *pg.RenameStmt) {
	switch rn.GetRenameType() {
	case pg.ObjectType_OBJECT_TABLE:
		old := r.lookupName(rn.GetRelation().GetSchemaname(), rn.GetRelation().GetRelname())
		t := r.s.Tables[old]
		if t == nil {
			return
		}
		schema, _, _ := strings.Cut(old, ".")
		delete(r.s.Tables, old)
		t.Name = QualifiedName(schema, rn.GetNewname())
		r.s.Tables[t.Name] = t
		for _, tr := range r.s.Triggers {
			if tr.Table == old {
				tr.Table = t.Name // a trigger belongs to its table, whatever its name
			}
		}
		for _, l := range r.s.Locks {
			if l.Table == old {
				l.Table = t.Name // so does a lock taken on it, this statement's too
			}
		}
	case pg.ObjectType_OBJECT_COLUMN:
		t := r.s.Table(r.lookupName(rn.GetRelation().GetSchemaname(), rn.GetRelation().GetRelname()))
		if t == nil {
			return
		}
		if col := t.Column(rn.GetSubname()); col != nil {
			col.Name = rn.GetNewname()
		}
		for _, idx := range t.Indexes {
			for i := range idx.Keys {
				if idx.Keys[i].Column == rn.GetSubname() {
					idx.Keys[i].Column, idx.Keys[i].Expr = rn.GetNewname(), rn.GetNewname()
				}
			}
			renameColumn(idx.Where, rn.GetSubname(), rn.GetNewname())
		}
	case pg.ObjectType_OBJECT_INDEX:
		schema := r.indexSchema(rn.GetRelation().GetSchemaname(), rn.GetRelation().GetRelname())
		for _, idx := range r.s.indexes(schema, rn.GetRelation().GetRelname()) {
			idx.Name = rn.GetNewname()
		}
	}
}

func (r replayer) drop(d *pg.DropStmt) {
	for _, obj := range d.GetObjects() {
		var names []string
		items := obj.GetList().GetItems()
		if owa := obj.GetObjectWithArgs(); owa != nil {
			items = owa.GetObjname()
		}
		for _, item := range items {
			names = append(names, item.GetString_().GetSval())
		}
		if len(names) == 0 {
			continue
		}
		schema, name := "", names[len(names)-1]
		if len(names) > 1 {
			schema = names[len(names)-2]
		}
		switch d.GetRemoveType() {
		case pg.ObjectType_OBJECT_FUNCTION, pg.ObjectType_OBJECT_PROCEDURE:
			delete(r.s.Functions, r.createName(schema, name))
		case pg.ObjectType_OBJECT_TRIGGER:
			// DROP TRIGGER name ON [schema.]table
			if len(names) < 2 {
				continue
			}
			tschema, table := "", names[len(names)-2]
			if len(names) > 2 {
				tschema = names[len(names)-3]
			}
			qt := r.lookupName(tschema, table)
			r.s.Triggers = slices.DeleteFunc(r.s.Triggers, func(t *Trigger) bool { return t.Name == name && t.Table == qt })
		case pg.ObjectType_OBJECT_TABLE:
			qt := r.lookupName(schema, name)
			delete(r.s.Tables, qt)
			r.s.Triggers = slices.DeleteFunc(r.s.Triggers, func(t *Trigger) bool { return t.Table == qt }) // dropped with it
		case pg.ObjectType_OBJECT_INDEX:
			for _, t := range r.s.tablesIn(r.indexSchema(schema, name)) {
				t.dropIndex(name)
			}
		}
	}
}

// indexSchema is the schema of an index a statement names: an unqualified
// name is looked up along the search_path.
func (r replayer) indexSchema(schema, name string) string {
	if schema != "" {
		return schema
	}
	for _, sch := range r.schemas() {
		if len(r.s.indexes(sch, name)) > 0 {
			return sch
		}
	}
	return r.schemas()[0]
}

// indexes returns the indexes named name in the given schema.
func (s *Schema) indexes(schema, name string) []*Index {
	var out []*Index
	for _, t := range s.tablesIn(schema) {
		for _, idx := range t.Indexes {
			if idx.Name == name {
				out = append(out, idx)
			}
		}
	}
	return out
}

func (s *Schema) tablesIn(schema string) []*Table {
	if schema == "" {
		schema = "public"
	}
	var out []*Table
	for name, t := range s.Tables {
		if strings.HasPrefix(name, schema+".") {
			out = append(out, t)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

var timestampText = regexp.MustCompile(`(?i)^(?:pg_catalog\.)?(?:timestamptz|timestamp)(?:\s*\(\s*\d+\s*\))?(?:\s+(?:with|without)\s+time\s+zone)?`)

// typ models a column type, with its text as written when it can be found.
func (r replayer) typ(tn *pg.TypeName) Type {
	t := Type{Loc: r.loc(tn.GetLocation()), Array: len(tn.GetArrayBounds()) > 0}
	names := tn.GetNames()
	if len(names) > 0 {
		t.Name = names[len(names)-1].GetString_().GetSval()
	}
	if len(names) > 1 {
		t.Schema = names[len(names)-2].GetString_().GetSval()
	}
	if loc := int(tn.GetLocation()); loc >= 0 && loc < len(r.raw.Text) {
		if m := timestampText.FindString(r.raw.Text[loc:]); m != "" {
			t.Text = m
			t.Exact = r.src.Exact()
		}
	}
	return t
}

func (t Type) String() string {
	s := t.Name
	if t.Array {
		s += "[]"
	}
	return s
}

func (i *Index) String() string {
	keys := make([]string, len(i.Keys))
	for j, k := range i.Keys {
		keys[j] = k.Expr
	}
	s := fmt.Sprintf("%s (%s)", i.Name, strings.Join(keys, ", "))
	if i.Where != nil {
		s += " WHERE " + predText(i.Where)
	}
	return s
}

func predText(ps []Pred) string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = p.Text
	}
	return strings.Join(parts, " AND ")
}

// createFunction records a function or procedure, replacing one of the
// same name (overloads are not told apart).
func (r replayer) createFunction(cf *pg.CreateFunctionStmt) {
	var names []string
	for _, n := range cf.GetFuncname() {
		names = append(names, n.GetString_().GetSval())
	}
	if len(names) == 0 || len(names) > 2 {
		return
	}
	schema, name := "", names[len(names)-1]
	if len(names) == 2 {
		schema = names[0]
	}
	isColumn := func(col string) bool {
		for _, t := range r.s.Tables {
			if t.Column(col) != nil {
				return true
			}
		}
		return false
	}
	bad := func(e *ParseError) {
		if !r.src.FromGo && !r.src.templated(e.Offset, e.Offset+1) {
			r.s.Problems = append(r.s.Problems, Problem{Loc: r.src.Loc(e.Offset), Msg: e.Msg})
		}
	}
	f := readFunction(r.src, r.raw, cf, r.createName(schema, name), isColumn, bad)
	r.s.Functions[f.Name] = f
}

// createTrigger records the function a trigger runs, and on which changes.
func (r replayer) createTrigger(ct *pg.CreateTrigStmt) {
	var names []string
	for _, n := range ct.GetFuncname() {
		names = append(names, n.GetString_().GetSval())
	}
	if len(names) == 0 || len(names) > 2 {
		return
	}
	fn := QualifiedName("", names[len(names)-1])
	if len(names) == 2 {
		fn = QualifiedName(names[0], names[1])
	} else {
		for _, sch := range r.schemas() {
			if q := QualifiedName(sch, names[0]); r.s.Functions[q] != nil {
				fn = q
				break
			}
		}
	}
	t := &Trigger{
		Name:     ct.GetTrigname(),
		Table:    r.lookupName(ct.GetRelation().GetSchemaname(), ct.GetRelation().GetRelname()),
		Function: fn,
		Loc:      r.src.Loc(r.raw.Start),
	}
	// The event bits of PostgreSQL's TRIGGER_TYPE_INSERT, _DELETE, _UPDATE.
	for bit, k := range map[int32]Kind{1 << 2: KindInsert, 1 << 3: KindDelete, 1 << 4: KindUpdate} {
		if ct.GetEvents()&bit != 0 {
			t.Events = append(t.Events, k)
		}
	}
	slices.Sort(t.Events)
	r.s.Triggers = append(r.s.Triggers, t)
}

// Function returns the function a call names: an unqualified name is looked
// up in public, as for tables (the search_path of the caller is unknown).
func (s *Schema) Function(name string) *Function {
	if s == nil {
		return nil
	}
	return s.Functions[name]
}

// ColumnStates returns the values the schema allows a column: those of its
// CHECK constraint, else the labels of its enum type; nil when neither is known.
func (s *Schema) ColumnStates(table, col string) []string {
	t := s.Table(table)
	if t == nil {
		return nil
	}
	c := t.Column(col)
	if c == nil {
		return nil
	}
	if c.Check != nil {
		return c.Check
	}
	if c.Type.Schema != "" {
		return s.Enums[QualifiedName(c.Type.Schema, c.Type.Name)]
	}
	return s.Enums[QualifiedName("", c.Type.Name)]
}

// addCheck records a CHECK constraint that lists a column's values:
// status IN (...), status = ANY (ARRAY[...]), status = 'a' OR status = 'b'.
func (r replayer) addCheck(t *Table, c *pg.Constraint, col *Column) {
	ps := preds(c.GetRawExpr())
	if len(ps) != 1 {
		return
	}
	p := ps[0]
	if col == nil {
		col = t.Column(p.Column)
	}
	if col == nil || p.Column != col.Name {
		return
	}
	st, ok := predStates(p, col.Name)
	if !ok || st.Not || st.Cond != nil || slices.Contains(st.In, StateNull) {
		return
	}
	col.Check = st.In
	col.checkName = c.GetConname()
	if col.checkName == "" {
		col.checkName = defaultIndexName(t.Name, []string{col.Name}, "check")
	}
}

func (t *Table) dropCheck(name string) {
	for _, c := range t.Columns {
		if c.checkName == name {
			c.Check, c.checkName = nil, ""
		}
	}
}

func typeName(names []*pg.Node) string {
	var parts []string
	for _, n := range names {
		parts = append(parts, n.GetString_().GetSval())
	}
	if len(parts) == 1 {
		return QualifiedName("", parts[0])
	}
	return QualifiedName(parts[len(parts)-2], parts[len(parts)-1])
}

func (r replayer) createEnum(e *pg.CreateEnumStmt) {
	var labels []string
	for _, v := range e.GetVals() {
		labels = append(labels, v.GetString_().GetSval())
	}
	r.s.Enums[typeName(e.GetTypeName())] = labels
}

// alterEnum applies ALTER TYPE ... ADD VALUE and RENAME VALUE.
func (r replayer) alterEnum(a *pg.AlterEnumStmt) {
	name := typeName(a.GetTypeName())
	labels, ok := r.s.Enums[name]
	if !ok {
		return
	}
	switch {
	case a.GetOldVal() != "":
		if i := slices.Index(labels, a.GetOldVal()); i >= 0 {
			labels[i] = a.GetNewVal()
		}
	case !slices.Contains(labels, a.GetNewVal()):
		r.s.Enums[name] = append(labels, a.GetNewVal())
	}
}
