package ormsql_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"github.com/jobqlint/jobqlint/analyzers/internal/ormsql/testdata/src/gormbranches"
)

// A GORM chain built otherwise on different paths is one statement per
// way, each the SQL GORM sends that way (run here through the real GORM
// with the postgres dialector, once per path); a way built only for
// another database is left out.
func TestGormBranchesMatchGorm(t *testing.T) {
	db := dryRun(t)
	var sent []string
	record := func(tx *gorm.DB) { sent = append(sent, tx.Statement.SQL.String()) }
	require.NoError(t, db.Callback().Query().After("*").Register("record", record))
	require.NoError(t, db.Callback().Update().After("*").Register("record", record))
	run := func(f func()) string {
		sent = nil
		f()
		require.Len(t, sent, 1)
		return sent[0]
	}
	var tasks []gormbranches.Task
	want := map[string][]string{
		"Poll": {
			run(func() { gormbranches.Poll(db, "", &tasks) }),
			run(func() { gormbranches.Poll(db, "mail", &tasks) }),
		},
		"ClaimKind": {
			run(func() { _ = gormbranches.ClaimKind(db, "") }),
			run(func() { _ = gormbranches.ClaimKind(db, "mail") }),
		},
		"Finish": {
			run(func() { gormbranches.Finish(db, 5, "") }),
			run(func() { gormbranches.Finish(db, 5, "w1") }),
		},
		// db is PostgreSQL's: the way GORM takes on it is the one read.
		"ClaimOnPostgres":  {run(func() { _ = gormbranches.ClaimOnPostgres(db) })},
		"ClaimIfPostgres":  {run(func() { _ = gormbranches.ClaimIfPostgres(db) })},
		"ClaimByDriver":    {run(func() { _ = gormbranches.ClaimByDriver(db) })},
		"ClaimUnlessMySQL": {run(func() { _ = gormbranches.ClaimUnlessMySQL(db) })},
	}
	require.True(t, strings.HasSuffix(want["ClaimOnPostgres"][0], "FOR UPDATE SKIP LOCKED"))
	require.False(t, strings.Contains(want["ClaimUnlessMySQL"][0], "FOR UPDATE"))
	got := readAll(t, "gormbranches")
	for fn, texts := range want {
		rs := got[fn]
		require.Len(t, rs, 1, fn)
		require.True(t, rs[0].Known, "%s: %s", fn, rs[0].Unread)
		read := []string{rs[0].SQL}
		for _, v := range rs[0].Variants {
			read = append(read, v.SQL)
		}
		require.ElementsMatch(t, texts, read, fn)
	}
	// Each way binds its own values.
	fin := got["Finish"][0]
	args := [][]string{exprs(fin.Args)}
	for _, v := range fin.Variants {
		args = append(args, exprs(v.Args))
	}
	require.ElementsMatch(t, [][]string{{`"done"`, "id"}, {`"done"`, "id", "owner"}}, args)
}

// A lock taken on some paths only, by a flag the tool cannot tell, and
// texts the code writes on each path, leave the call unread.
func TestGormBranchesUnread(t *testing.T) {
	got := readAll(t, "gormbranches")
	for fn, why := range map[string]string{
		"ClaimMaybeLocked": "the GORM chain locks its rows on some paths only",
		"Raws":             "the GORM chain builds a different statement on different paths",
		// GORM adds the dropped Clauses' lock to q in place: the real
		// statement locks (TestGormInPlaceLocks), the chain alone does not.
		"ClaimLockedInPlace": "the GORM chain value is given more clauses elsewhere, which GORM adds to it in place",
		"Page":               "the GORM chain value is given more clauses elsewhere, which GORM adds to it in place",
	} {
		rs := got[fn]
		require.NotEmpty(t, rs, fn)
		for _, r := range rs { // Page's Count and Find both
			require.False(t, r.Known, fn)
			require.Equal(t, why, r.Unread, fn)
		}
	}
}

// What makes ClaimLockedInPlace unread: GORM sends its lock although the
// Clauses call's result is dropped.
func TestGormInPlaceLocks(t *testing.T) {
	db := dryRun(t)
	var sent []string
	record := func(tx *gorm.DB) { sent = append(sent, tx.Statement.SQL.String()) }
	require.NoError(t, db.Callback().Query().After("*").Register("record", record))
	gormbranches.ClaimLockedInPlace(db)
	require.Equal(t, []string{`SELECT * FROM "tasks" WHERE state = $1 ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED`}, sent)
	// Count on the value the page is then read from: the page's Find is
	// not the chain it is written with (GORM keeps Count's select).
	sent = nil
	var out []gormbranches.Task
	gormbranches.Page(db, &out)
	require.Len(t, sent, 2)
	require.NotEqual(t, `SELECT * FROM "tasks" WHERE state = $1 ORDER BY id LIMIT $2`, sent[1])
}
