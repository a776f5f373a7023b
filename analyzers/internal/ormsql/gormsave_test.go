package ormsql_test

import (
	"go/ast"
	"testing"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"github.com/jobqlint/jobqlint/analyzers/internal/ormsql/testdata/src/gormsave"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

// GORM's Save of a model with a gorm.DeletedAt (embedded through
// gorm.Model or its own): the UPDATE of every column by key, of a row not
// deleted. The reader's statement is the one the real GORM builds.
func TestGormSaveSoftDeleteMatchesGorm(t *testing.T) {
	db := dryRun(t)
	var sent []string
	record := func(tx *gorm.DB) { sent = append(sent, tx.Statement.SQL.String()) }
	require.NoError(t, db.Callback().Create().After("*").Register("record", record))
	require.NoError(t, db.Callback().Update().After("*").Register("record", record))
	gormsave.SaveTask(db, &gormsave.Task{Model: gorm.Model{ID: 5}})
	gormsave.SaveNote(db, &gormsave.Note{ID: 5})
	gormsave.SaveRun(db, &gormsave.Run{ID: "r1"})
	require.Len(t, sent, 3)

	results := ruletest.Run(t, modelOnly, "gormsave")
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
	require.Equal(t, sent[0], got["SaveTask"])
	require.Equal(t, sent[1], got["SaveNote"])
	// Constant default tags change nothing in the UPDATE Save sends for a
	// row with a key (GORM selects every column).
	require.Equal(t, sent[2], got["SaveRun"])
	require.Equal(t, "unread: GORM's Save of Ticket is not read", got["SaveTicket"])
}

// The string constants the function assigns to the saved struct's fields
// right before Save are bound to those columns' parameters; a call given
// the struct in between, or a later assignment of another value, leaves
// them unknown.
func TestGormSaveFieldConstants(t *testing.T) {
	got := readAll(t, "gormsave")
	status := func(fn string) map[int]string {
		rs := got[fn]
		require.Len(t, rs, 1, fn)
		require.True(t, rs[0].Known, fn)
		return rs[0].Consts
	}
	// "status" is the fifth column set: created_at, updated_at,
	// deleted_at, queue, status.
	require.Equal(t, map[int]string{5: "running"}, status("SaveRunning"))
	require.Empty(t, status("SaveAfterCall"))
	require.Empty(t, status("SaveOverwritten"))
}
