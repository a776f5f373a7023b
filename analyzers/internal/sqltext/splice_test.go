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
