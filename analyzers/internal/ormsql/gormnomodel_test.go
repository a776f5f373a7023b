package ormsql_test

import (
	"go/ast"
	"testing"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"github.com/jobqlint/jobqlint/analyzers/internal/ormsql/testdata/src/gormnomodel"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

// noModelCases are the updates of the gormnomodel fixture, whose chains
// name neither Model nor Table, and the SQL GORM sends for each.
var noModelCases = []struct {
	name string
	run  func(*gorm.DB)
	want string // what GORM sends; "" for nothing
	read string // what the reader writes, when not want
}{
	{"MarkSent", func(db *gorm.DB) { gormnomodel.MarkSent(db, 1) }, `UPDATE "messages" SET "status"=$1 WHERE id = $2 AND status = $3`, ``},
	{"MarkSentValue", func(db *gorm.DB) { gormnomodel.MarkSentValue(db, 1) }, `UPDATE "messages" SET "status"=$1 WHERE id = $2`, ``},
	{"MarkKeyed", gormnomodel.MarkKeyed, `UPDATE "messages" SET "status"=$1 WHERE status = $2 AND "id" = $3`, ``},
	{"MarkStamped", func(db *gorm.DB) { gormnomodel.MarkStamped(db, 1) }, `UPDATE "stampeds" SET "status"=$1,"updated_at"=$2 WHERE id = $3`,
		`unread: a GORM Updates of a struct with updated_at is not read`},
	{"UpdateColumnNoModel", func(db *gorm.DB) { gormnomodel.UpdateColumnNoModel(db, 1) }, ``, `unread: a GORM update without Model`},
	{"UpdatesMapNoModel", func(db *gorm.DB) { gormnomodel.UpdatesMapNoModel(db, 1) }, ``, `unread: a GORM update without Model`},
	{"MarkKeyedValue", gormnomodel.MarkKeyedValue, `UPDATE "messages" SET "id"=$1,"status"=$2 WHERE status = $3 AND "id" = $4`, ``},
}

// GORM makes the struct given to Updates its model when the chain names
// none: the real GORM's dry run sends each statement the reader writes,
// and none for an update of a column or a map on no table.
func TestGormNoModelRealOutput(t *testing.T) {
	db := dryRun(t)
	var sent []string
	record := func(tx *gorm.DB) { sent = append(sent, tx.Statement.SQL.String()) }
	require.NoError(t, db.Callback().Update().After("*").Register("record", record))
	for _, c := range noModelCases {
		sent = nil
		c.run(db)
		require.Equal(t, []string{c.want}, sent, c.name) // "": GORM stops, with no table

	}
}

// The reader writes the same statements from the fixture's syntax.
func TestGormNoModelReader(t *testing.T) {
	results := ruletest.Run(t, modelOnly, "gormnomodel")
	m := results[0].Result.(*queuemodel.Model)
	got := map[string]string{}
	for _, c := range m.Calls {
		name := c.Func.(*ast.FuncDecl).Name.Name
		if c.Known {
			got[name] = c.SQL
		} else {
			got[name] = "unread: " + c.Unread
		}
	}
	want := map[string]string{}
	for _, c := range noModelCases {
		want[c.name] = c.want
		if c.read != "" {
			want[c.name] = c.read
		}
	}
	require.Equal(t, want, got)
}
