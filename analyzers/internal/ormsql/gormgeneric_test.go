package ormsql_test

import (
	"context"
	"go/types"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"github.com/jobqlint/jobqlint/analyzers/internal/ormsql"
	"github.com/jobqlint/jobqlint/analyzers/internal/ormsql/testdata/src/gormgeneric"
)

// The chains of GORM's generic API the reader rebuilds: each function of
// the fixture sends one statement, the one GORM builds in dry-run mode.
var gormGenericRead = map[string]func(context.Context, *gorm.DB) error{
	"ClaimLocked":   func(ctx context.Context, db *gorm.DB) error { _, err := gormgeneric.ClaimLocked(ctx, db); return err },
	"PollIn":        func(ctx context.Context, db *gorm.DB) error { _, err := gormgeneric.PollIn(ctx, db); return err },
	"TakeOne":       func(ctx context.Context, db *gorm.DB) error { _, err := gormgeneric.TakeOne(ctx, db); return err },
	"LastEvent":     func(ctx context.Context, db *gorm.DB) error { _, err := gormgeneric.LastEvent(ctx, db); return err },
	"UpdateStatus":  func(ctx context.Context, db *gorm.DB) error { _, err := gormgeneric.UpdateStatus(ctx, db); return err },
	"UpdateStamped": func(ctx context.Context, db *gorm.DB) error { _, err := gormgeneric.UpdateStamped(ctx, db); return err },
	"UpdatesStruct": func(ctx context.Context, db *gorm.DB) error { _, err := gormgeneric.UpdatesStruct(ctx, db); return err },
	"UpdatesKeyed":  func(ctx context.Context, db *gorm.DB) error { _, err := gormgeneric.UpdatesKeyed(ctx, db); return err },
	"DeleteDone":    func(ctx context.Context, db *gorm.DB) error { _, err := gormgeneric.DeleteDone(ctx, db); return err },
	"CreateJob":     gormgeneric.CreateJob,
	"ExecText":      gormgeneric.ExecText,
	"RawFind":       func(ctx context.Context, db *gorm.DB) error { _, err := gormgeneric.RawFind(ctx, db); return err },
	"TableOther":    func(ctx context.Context, db *gorm.DB) error { _, err := gormgeneric.TableOther(ctx, db); return err },
	// A list of one item: one parameter stands for the items of a list of
	// any length (TestGormListOfRunTimeLength).
	"InListVar": func(ctx context.Context, db *gorm.DB) error {
		_, err := gormgeneric.InListVar(ctx, db, []int64{7})
		return err
	},
}

func TestGormGenericMatchesGorm(t *testing.T) {
	db := dryRun(t)
	var sent []string
	record := func(tx *gorm.DB) { sent = append(sent, tx.Statement.SQL.String()) }
	cb := db.Callback()
	require.NoError(t, cb.Query().After("*").Register("record", record))
	require.NoError(t, cb.Create().After("*").Register("record", record))
	require.NoError(t, cb.Update().After("*").Register("record", record))
	require.NoError(t, cb.Delete().After("*").Register("record", record))
	require.NoError(t, cb.Raw().After("*").Register("record", record))
	got := read(t, "gormgeneric")
	for name, run := range gormGenericRead {
		sent = nil
		require.NoError(t, run(context.Background(), db), name)
		require.Len(t, sent, 1, name)
		st := got[name]
		require.True(t, st.Known, "%s: %s", name, st.Unread)
		require.Equal(t, strings.TrimRight(sent[0], " "), st.SQL, name)
	}
}

// What the reader leaves unread, and why; the reasons that are GORM's
// behaviour are checked on its dry-run output.
func TestGormGenericUnread(t *testing.T) {
	got := read(t, "gormgeneric")
	for fn, why := range map[string]string{
		"OrChain":             "GORM's generic Or is not read",
		"CountJobs":           "GORM's generic Count is not read",
		"Branchy":             "built differently on different paths",
		"UpdatesVar":          "the values of GORM's Updates are not a literal",
		"InListParens":        "a slice value GORM writes as a list the tool does not read",
		"ChainedHandle":       "gorm.G is given a handle with GORM's Where",
		"RawFirst":            "GORM's generic First after Raw is not read",
		"OptsVar":             "a GORM clause the tool does not read",
		"UpdateUnconditioned": "GORM refuses an update without conditions",
		"ExecWithOpts":        "GORM's generic Exec after clauses is not read",
		"OptsSpread":          "the clauses of gorm.G are passed as a slice",
	} {
		st, ok := got[fn]
		if !ok || st.Known || !strings.Contains(st.Unread, why) {
			t.Errorf("%s: read %+v, want unread: %s", fn, st, why)
		}
	}
	db := dryRun(t)
	_, err := gormgeneric.UpdateUnconditioned(context.Background(), db)
	require.ErrorIs(t, err, gorm.ErrMissingWhereClause)
	var sent []string
	require.NoError(t, db.Callback().Query().After("*").Register("record", func(tx *gorm.DB) { sent = append(sent, tx.Statement.SQL.String()) }))
	_, err = gormgeneric.InListParens(context.Background(), db)
	require.NoError(t, err)
	require.Equal(t, []string{`SELECT * FROM "jobs" WHERE id IN ($1,$2)`}, sent) // GORM's own list, not the code's parentheses
}

// A model of another package: its TableName is read through the fact its
// package exports, when it returns a constant.
func TestGormOtherPackageTable(t *testing.T) {
	got := read(t, "gormxpkg")
	want := map[string]string{
		"Claim":     `SELECT * FROM "events" WHERE id = $1 ORDER BY "events"."id" LIMIT $2 FOR UPDATE SKIP LOCKED`,
		"SaveEvent": `UPDATE "events" SET "status"=$1,"updated_at"=$2 WHERE "id" = $3`,
		"InTx":      `SELECT * FROM "events" WHERE id = $1 ORDER BY "events"."id" LIMIT $2 FOR UPDATE SKIP LOCKED`,
	}
	for fn, sql := range want {
		st := got[fn]
		if !st.Known || st.SQL != sql {
			t.Errorf("%s: read %+v, want %s", fn, st, sql)
		}
	}
	if st := got["Handlers"]; st.Known || !strings.Contains(st.Unread, "Handler.TableName is out of sight") {
		t.Errorf("Handlers: read %+v, want unread: out of sight", st)
	}
	if got["InTx"].Handle != ormsql.HandleTx || got["Claim"].Handle != ormsql.HandleUnknown {
		t.Errorf("handles: InTx %v, Claim %v; want a transaction, and unknown", got["InTx"].Handle, got["Claim"].Handle)
	}
}

// A generic query's rows go to the variable its first result is assigned
// to; what a generic finisher tells of the rows is kept when its result
// is.
func TestGormGenericDest(t *testing.T) {
	got := read(t, "gormxpkg")
	st := got["Scanned"]
	if len(st.ScanArgs) != 1 || types.ExprString(st.ScanArgs[0]) != "&e" || !st.ResultChecked {
		t.Errorf("Scanned: read %+v, want the rows in &e, the error kept", st)
	}
	if st := got["Unchecked"]; !st.Known || st.ResultChecked || st.ScanArgs != nil {
		t.Errorf("Unchecked: read %+v, want the row count dropped", st)
	}
}
