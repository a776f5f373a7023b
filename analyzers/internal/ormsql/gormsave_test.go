package ormsql_test

import (
	"go/ast"
	"go/types"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"github.com/jobqlint/jobqlint/analyzers/internal/ormsql"
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
	require.Equal(t, "unread: GORM's Save of Ticket, whose key the database fills, of a value not read from the database", got["SaveTicket"])
}

// A model whose key and another column the database fills: Save of a row
// with a key is the UPDATE of every column by key (GORM's dry run of a
// value with its key set); the reader reads it when the value was read
// from the database on every path (First, or an element of a slice Find
// filled), and leaves it unread otherwise (GORM would insert a value
// without a key).
func TestGormSaveKeyFilledByDatabase(t *testing.T) {
	db := dryRun(t)
	var sent string
	require.NoError(t, db.Callback().Update().After("*").Register("record", func(tx *gorm.DB) { sent = tx.Statement.SQL.String() }))
	gormsave.SaveGivenEmail(db, &gormsave.Email{ID: "e1"})
	require.NotEmpty(t, sent)

	got := readAll(t, "gormsave")
	for _, fn := range []string{"SaveReadEmail", "SaveEmailsLoop"} {
		for _, rd := range got[fn] {
			if strings.HasPrefix(rd.SQL, "UPDATE") {
				require.True(t, rd.Known, fn)
				require.Equal(t, sent, rd.SQL, fn)
			}
		}
	}
	require.Len(t, got["SaveGivenEmail"], 1)
	require.False(t, got["SaveGivenEmail"][0].Known)
	require.Equal(t, "GORM's Save of Email, whose key the database fills, of a value not read from the database", got["SaveGivenEmail"][0].Unread)
}

// The status stored on each path to Save is read on SSA: one constant on
// every path is bound as such; a constant per branch (failed, retrying)
// makes a set, each value with the assignments that give it. An earlier
// Save of the same row leaves what the code set; a hook, or the address
// kept where the code changes the row through it, leaves every field
// unknown.
func TestGormSaveFieldsOnSSA(t *testing.T) {
	got := readAll(t, "gormsave")
	saves := func(fn string) []ormsql.Statement {
		var out []ormsql.Statement
		for _, rd := range got[fn] {
			if strings.HasPrefix(rd.SQL, "UPDATE") {
				out = append(out, rd.Statement)
			}
		}
		return out
	}
	// status is the first column set of Email: $1.
	read := saves("SaveReadEmail")
	require.Len(t, read, 1)
	require.Equal(t, map[int]string{1: "processing"}, read[0].Consts)
	require.Equal(t, map[string]bool{"status": true, "attempts": false, "error_message": false, "created_at": false}, read[0].Written)

	loop := saves("SaveEmailsLoop")
	require.Len(t, loop, 3)
	require.Equal(t, map[int]string{1: "processing"}, loop[0].Consts)
	require.Empty(t, loop[1].Consts)
	require.Len(t, loop[1].Sets[1], 2)
	var states []string
	for _, k := range loop[1].Sets[1] {
		require.Len(t, k.At, 1)
		states = append(states, k.Value+" at "+types.ExprString(k.At[0].(*ast.AssignStmt).Rhs[0]))
	}
	require.Equal(t, []string{`failed at "failed"`, `retrying at "retrying"`}, states)
	require.True(t, loop[1].Written["error_message"] == false && loop[1].Written["attempts"], "the error is set on one branch only; the count on both")
	require.Equal(t, map[int]string{1: "sent"}, loop[2].Consts)

	require.Empty(t, saves("SaveThroughHolder")[0].Consts)
	require.Empty(t, saves("SaveHooked")[0].Consts)
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
