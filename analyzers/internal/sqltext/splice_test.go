package sqltext

import (
	"go/types"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// tableField returns a struct field Queue.table of a package, whose value
// a placeholder stands for.
func tableField() *types.Var {
	pkg := types.NewPackage("example.com/q", "q")
	f := types.NewField(0, pkg, "table", types.Typ[types.String], false)
	tn := types.NewTypeName(0, pkg, "Queue", nil)
	types.NewNamed(tn, types.NewStruct([]*types.Var{f}, nil), nil)
	pkg.Scope().Insert(tn)
	return f
}

// A table's placeholder reads where the SQL makes it a relation's name,
// and as the qualifier of a column (RETURNING {t}.id); as a column it
// stays unread.
func TestAssemblePlaceholder(t *testing.T) {
	f := tableField()
	name, ok := Placeholder(f)
	require.True(t, ok)
	table := Part{Obj: f, Unknown: true, Why: "struct field Queue.table set out of sight"}
	for _, tc := range []struct {
		parts  []Part
		unread string
	}{
		{parts: []Part{{Text: "UPDATE "}, table, {Text: " SET state = 'done' WHERE id = $1"}}},
		{parts: []Part{{Text: "UPDATE "}, table, {Text: " SET state = 'running' FROM locked WHERE "}, table, {Text: ".id = locked.id RETURNING "}, table, {Text: ".id, public."}, table, {Text: ".kind, "}, table, {Text: ".*"}}},
		{parts: []Part{{Text: "SELECT "}, table, {Text: " FROM jobs"}}, unread: table.Why},
		{parts: []Part{{Text: "SELECT jobs."}, table, {Text: " FROM jobs"}}, unread: table.Why},
	} {
		got := Assemble(tc.parts)
		if tc.unread != "" {
			require.False(t, got.Known, got.SQL)
			require.Equal(t, tc.unread, got.Unread)
			continue
		}
		require.True(t, got.Known, got.Unread)
		require.Equal(t, strings.Count(got.SQL, name), strings.Count(got.SQL, `"`+name+`"`))
		require.NotContains(t, got.SQL, "{t}")
	}
}

// SQL written for sqlx's NamedExec is checked with its :name parameters
// read as $n, and keeps them: its reader binds them by name. A value
// spliced where it takes no name still stays unread.
func TestAssembleNamed(t *testing.T) {
	table := Part{Obj: tableField(), Unknown: true, Why: "struct field Queue.table set out of sight"}
	got := Assemble([]Part{{Text: `UPDATE "`}, table, {Text: `" SET "state" = :state, "error" = :error WHERE "id" = :id`}})
	require.True(t, got.Known, got.Unread)
	require.Contains(t, got.SQL, `"state" = :state, "error" = :error WHERE "id" = :id`)
	got = Assemble([]Part{{Text: `UPDATE jobs SET "`}, table, {Text: `" = :state WHERE "id" = :id`}})
	require.False(t, got.Known, got.SQL)
	require.Equal(t, table.Why, got.Unread)
}

// A parameter of a function or method is named after it; a local
// variable, or a parameter of a closure, has no placeholder.
func TestParamPlaceholder(t *testing.T) {
	pkg := types.NewPackage("example.com/q", "q")
	param := func(name string) *types.Var { return types.NewParam(0, pkg, name, types.Typ[types.String]) }
	table, queue, local := param("table"), param("queue"), param("x")
	fn := types.NewFunc(0, pkg, "New", types.NewSignatureType(nil, nil, nil, types.NewTuple(table), nil, false))
	pkg.Scope().Insert(fn)
	tn := types.NewTypeName(0, pkg, "Store", nil)
	named := types.NewNamed(tn, types.NewStruct(nil, nil), nil)
	pkg.Scope().Insert(tn)
	recv := types.NewParam(0, pkg, "s", types.NewPointer(named))
	named.AddMethod(types.NewFunc(0, pkg, "Init", types.NewSignatureType(recv, nil, nil, types.NewTuple(queue), nil, false)))

	got, ok := ParamPlaceholder(table)
	require.True(t, ok)
	require.Equal(t, "q.New.table", Display(got)[1:len(Display(got))-1])
	got, ok = ParamPlaceholder(queue)
	require.True(t, ok)
	require.Equal(t, "{q.Store.Init.queue}", Display(got))
	_, ok = ParamPlaceholder(local)
	require.False(t, ok)
	_, ok = ParamPlaceholder(tableField())
	require.False(t, ok)
}

// A number formatted right after a $ ("$%d") is a parameter's position:
// the text reads with a parameter of its own there, numbered past the
// text's own, and bound to no Go value. After a name's character, or
// another $, the $ is not a parameter's.
func TestAssembleParamNumber(t *testing.T) {
	num := Part{Number: true}
	got := Assemble([]Part{{Text: "SELECT id FROM jobs WHERE state = $1 AND queue = $"}, num, {Text: " LIMIT $"}, num})
	require.True(t, got.Known, got.Unread)
	require.Equal(t, "SELECT id FROM jobs WHERE state = $1 AND queue = $1001 LIMIT $1002", got.SQL)
	require.Empty(t, got.Spliced)

	got = Assemble([]Part{{Text: "INSERT INTO jobs (kind, payload) VALUES ($"}, num, {Text: ", $"}, num, {Text: ")"}})
	require.True(t, got.Known, got.Unread)
	require.Equal(t, "INSERT INTO jobs (kind, payload) VALUES ($1001, $1002)", got.SQL)

	// A number as a value is still a spliced parameter of its own.
	got = Assemble([]Part{{Text: "SELECT id FROM jobs LIMIT "}, num})
	require.True(t, got.Known, got.Unread)
	require.Equal(t, "SELECT id FROM jobs LIMIT $1001", got.SQL)
	require.Len(t, got.Spliced, 1)

	for _, parts := range [][]Part{
		{{Text: "SELECT col$"}, num, {Text: " FROM jobs"}},
		{{Text: "SELECT $$"}, num, {Text: " FROM jobs"}},
	} {
		got = Assemble(parts)
		if got.Known { // read as before: the number is a spliced value
			require.Len(t, got.Spliced, 1, got.SQL)
		}
	}
}

// SQL that does not parse with the Go value as a name says so, with the
// parser's words, rather than blaming the value: GORM's IN ? sent to a
// driver unchanged is no PostgreSQL, whatever table the value names.
func TestAssembleSaysWhatDoesNotParse(t *testing.T) {
	table := Part{Obj: tableField(), Unknown: true, Why: "exported package variable TableName"}
	got := Assemble([]Part{{Text: "UPDATE "}, table, {Text: " SET consumed = ? WHERE event_id IN ?"}})
	require.False(t, got.Known, got.SQL)
	require.Contains(t, got.Unread, "does not parse as PostgreSQL with the Go value (exported package variable TableName) as a name")
	require.Contains(t, got.Unread, `with its ? as $n: syntax error at or near "$2"`)
	// Where the parser stops at the value (a whole statement held in a
	// field), the value is what stays unknown.
	got = Assemble([]Part{table})
	require.Equal(t, table.Why, got.Unread)
}
