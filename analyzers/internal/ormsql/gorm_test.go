package ormsql_test

import (
	"context"
	"go/ast"
	"reflect"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"

	"github.com/jobqlint/jobqlint/analyzers/internal/ormsql/testdata/src/gormchains"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/internal/sqltext"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

// gormCases are the chains of the gormchains fixture and the SQL GORM
// sends for each; "unread: ..." is a chain the reader leaves unread, with
// its reason.
var gormCases = []struct {
	fn   any
	want string
}{
	{gormchains.PollLocked, `SELECT * FROM "jobs" WHERE status = $1 ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED`},
	{gormchains.FindByDest, `SELECT * FROM "jobs" WHERE status = $1`},
	{gormchains.PollV1Lock, `SELECT * FROM "jobs" WHERE status = $1 ORDER BY id LIMIT $2`},
	{gormchains.UpsertTrackTime, `unread: GORM's Set of a key it reads when it builds SQL`},
	{gormchains.SetGivenKey, `unread: the key of GORM's Set is not known`},
	{gormchains.FirstOrdered, `SELECT * FROM "jobs" WHERE status = $1 ORDER BY run_at,"jobs"."id" LIMIT $2`},
	{gormchains.TakeTable, `SELECT * FROM "jobs" WHERE status = $1 AND queue = $2 LIMIT $3`},
	{gormchains.FirstIntoParam, `unread: the tool cannot tell whether the primary key of Job in the destination is set`},
	{gormchains.FirstInLoop, `unread: the tool cannot tell whether the primary key of Job in the destination is set`},
	{gormchains.LastJob, `SELECT * FROM "jobs" WHERE status = $1 ORDER BY "jobs"."id" DESC LIMIT $2`},
	{gormchains.StructWhere, `SELECT * FROM "jobs" WHERE "jobs"."queue" = $1 AND "jobs"."status" = $2`},
	{gormchains.MapWhere, `SELECT * FROM "jobs" WHERE "jobs"."queue" = $1 AND "jobs"."status" = $2`},
	{gormchains.ScanSelect, `SELECT id FROM "jobs" WHERE status = $1`},
	{gormchains.TwoWheres, `SELECT * FROM "jobs" WHERE (status = $1 OR status = $2) AND queue = $3`},
	{gormchains.Branches, `SELECT * FROM "jobs" WHERE status = $1`}, // and with queue = $2 on the other path: TestGormBranchesMatchGorm
	{gormchains.SameOnBothPaths, `SELECT * FROM "jobs" WHERE status = $1 LIMIT $2 OFFSET $3`},
	{gormchains.CountQueued, `SELECT count(*) FROM "jobs" WHERE status = $1`},
	{gormchains.TableNameMethod, `SELECT * FROM "queue_tasks" WHERE status = $1`},
	{gormchains.JobRuns, `SELECT * FROM "job_runs"`},
	{gormchains.UpdateOne, `UPDATE "jobs" SET "status"=$1 WHERE id = $2`},
	{gormchains.UpdateByKey, `UPDATE "jobs" SET "status"=$1 WHERE "id" = $2`},
	{gormchains.UpdatesMap, `UPDATE "jobs" SET "attempts"=attempts + 1,"status"=$1 WHERE id = $2`},
	{gormchains.UpdatesStruct, `UPDATE "jobs" SET "status"=$1,"attempts"=$2 WHERE id = $3`},
	{gormchains.UpdateColumnOne, `UPDATE "jobs" SET "status"=$1 WHERE id = $2`},
	{gormchains.UpdateStamped, `UPDATE "stampeds" SET "status"=$1,"updated_at"=$2 WHERE id = $3`},
	{gormchains.UpdateColumnStamped, `UPDATE "stampeds" SET "status"=$1 WHERE id = $2`},
	{gormchains.UpdateReturning, `UPDATE "jobs" SET "status"=$1 WHERE status = $2 RETURNING *`},
	{gormchains.CreateJob, `INSERT INTO "jobs" ("queue","status","attempts","run_at","locked_until") VALUES ($1,$2,$3,$4,$5) RETURNING "id"`},
	{gormchains.DeleteWhere, `DELETE FROM "jobs" WHERE id = $1`},
	{gormchains.DeleteByKey, `DELETE FROM "jobs" WHERE "jobs"."id" = $1`},
	{gormchains.SoftFind, `SELECT * FROM "softs" WHERE (status = $1 OR status = $2) AND "softs"."deleted_at" IS NULL`},
	{gormchains.SoftDelete, `UPDATE "softs" SET "deleted_at"=$1 WHERE id = $2 AND "softs"."deleted_at" IS NULL`},
	{gormchains.SoftUnscoped, `DELETE FROM "softs" WHERE id = $1`},
	{gormchains.SaveJob, `UPDATE "jobs" SET "queue"=$1,"status"=$2,"attempts"=$3,"run_at"=$4,"locked_until"=$5 WHERE "id" = $6`},
	{gormchains.RawScan, `SELECT id FROM jobs WHERE status = $1 LIMIT 1 FOR UPDATE SKIP LOCKED`},
	{gormchains.ExecUpdate, `UPDATE jobs SET status = $1 WHERE id = $2`},
	{gormchains.ExecDollar, `UPDATE jobs SET status = $1 WHERE id = $2`},
	{gormchains.UpdatesSkipsZero, `UPDATE "jobs" SET "attempts"=$1 WHERE id = $2`},
	{gormchains.CreateFresh, `INSERT INTO "jobs" ("queue","status","attempts","run_at","locked_until") VALUES ($1,$2,$3,$4,$5) RETURNING "id"`},
	{gormchains.CreateFreshPointer, `INSERT INTO "jobs" ("queue","status","attempts","run_at","locked_until") VALUES ($1,$2,$3,$4,$5) RETURNING "id"`},
	{gormchains.CreateChanged, `unread: the tool cannot tell whether the primary key of Job is set`},
	{gormchains.SaveStamped, `UPDATE "stampeds" SET "status"=$1,"created_at"=$2,"updated_at"=$3 WHERE "id" = $4`},
	{gormchains.NoLimit, `SELECT * FROM "jobs" WHERE status = $1`},
	{gormchains.FirstAfterUse, `unread: the tool cannot tell whether the primary key of Job in the destination is set`},
	{gormchains.FirstKeyed, `unread: the tool cannot tell whether the primary key of Job in the destination is set`},
	{gormchains.UpdateKeyAndWhere, `unread: the tool cannot tell whether the primary key of Job adds a condition`},
	{gormchains.UpdateAll, `unread: GORM refuses an update without conditions`},
	{gormchains.HelperScope, `SELECT * FROM "jobs" WHERE queue = $1`},
	{gormchains.OrWhere, `unread: GORM's Or is not read`},
	{gormchains.WhereIn, `SELECT * FROM "jobs" WHERE id IN ($1)`},
	{gormchains.WherePayload, `SELECT * FROM "jobs" WHERE payload = $1`},
	{gormchains.EnqueueDelivery, `INSERT INTO "deliveries" ("status","attempts","run_at") VALUES ($1,$2,$3) RETURNING "id"`},
	{gormchains.EnqueueDeliveryState, `INSERT INTO "deliveries" ("status","attempts","run_at") VALUES ($1,$2,$3) RETURNING "id"`},
	{gormchains.CreateStamp, `unread: field RunAt of Stamp is more than a column to GORM`},
	{gormchains.SaveDelivery, `UPDATE "deliveries" SET "status"=$1,"attempts"=$2,"run_at"=$3 WHERE "id" = $4`},
	{gormchains.CreateOnce, `INSERT INTO "jobs" ("queue","status","attempts","run_at","locked_until") VALUES ($1,$2,$3,$4,$5) ON CONFLICT DO NOTHING RETURNING "id"`},
	{gormchains.CreateOnceByKey, `INSERT INTO "jobs" ("queue","status","attempts","run_at","locked_until") VALUES ($1,$2,$3,$4,$5) ON CONFLICT ("queue") DO NOTHING RETURNING "id"`},
	{gormchains.CreateOrUpdate, `unread: a clause.OnConflict the tool does not read`},
	{gormchains.FindOnConflict, `unread: a clause.OnConflict on a statement that inserts nothing`},
	{gormchains.MarkSentIn, `UPDATE "events" SET "status"=$1 WHERE id IN ($2) AND status = $3`},
	{gormchains.WhereInRows, `unread: a slice value, which GORM expands to a list`},
	{gormchains.WhereInParens, `SELECT * FROM "jobs" WHERE id IN ($1)`},
	{gormchains.WhereInSpaced, `unread: a slice value GORM writes as a list the tool does not read`},
	{gormchains.CreateVar, `unread: the tool cannot tell whether the primary key of Job is set`},
	{gormchains.UpdatesUnknownZero, `unread: the tool cannot tell whether field Status is zero, which GORM skips`},
	{gormchains.FirstInline, `SELECT * FROM "jobs" WHERE status = $1 ORDER BY "jobs"."id" LIMIT $2`},
	{gormchains.FirstInlineAfterWhere, `SELECT * FROM "jobs" WHERE queue = $1 AND (status = $2 OR status = $3) ORDER BY "jobs"."id" LIMIT $4`},
	{gormchains.FirstByKey, `SELECT * FROM "jobs" WHERE "jobs"."id" = $1 ORDER BY "jobs"."id" LIMIT $2`},
	{gormchains.TakeInline, `SELECT * FROM "jobs" WHERE status = $1 LIMIT $2`},
	{gormchains.FindInlineList, `SELECT * FROM "jobs" WHERE id IN ($1,$2)`},
	{gormchains.FindInlineStruct, `SELECT * FROM "jobs" WHERE "jobs"."status" = $1`},
	{gormchains.FindInlineVar, `unread: an inline condition of GORM's Find that is not a known string`},
	{gormchains.FindInlineNumberText, `unread: an inline condition of GORM's Find the tool does not read`},
	{gormchains.RawFirst, `SELECT * FROM jobs WHERE status = $1 LIMIT 1 FOR UPDATE SKIP LOCKED`},
	{gormchains.CreateRow, `INSERT INTO "jobs" ("queue","status","attempts","run_at","locked_until") VALUES ($1,$2,$3,$4,$5) RETURNING "id"`},
	{gormchains.CreateRows, `INSERT INTO "jobs" ("queue","status","attempts","run_at","locked_until") VALUES ($1,$2,$3,$4,$5) RETURNING "id"`},
	{gormchains.CreateRowsKeyed, `unread: GORM's Create of rows that may set the primary key of Job`},
	{gormchains.CreateMapModel, `INSERT INTO "jobs" ("queue","status") VALUES ($1,$2) RETURNING "id"`},
	{gormchains.CreateMapTable, `INSERT INTO "jobs" ("queue","status") VALUES ($1,$2)`},
	{gormchains.CreateEvent, `INSERT INTO "events" ("id","status") VALUES ($1,$2)`},
	{gormchains.CreateEventSeen, `INSERT INTO "events" ("id","status") VALUES ($1,$2)`},
	{gormchains.FirstReturned, `SELECT * FROM "jobs" WHERE id = $1 ORDER BY "jobs"."id" LIMIT $2`},
	{gormchains.FirstReturnedBefore, `unread: the tool cannot tell whether the primary key of Job in the destination is set`},
	{gormchains.CreateReturned, `INSERT INTO "jobs" ("queue","status","attempts","run_at","locked_until") VALUES ($1,$2,$3,$4,$5) RETURNING "id"`},
	{gormchains.FindKeyWithoutOne, `unread: a key given to GORM's Find for a model without one`},
	{gormchains.CreateMapNoTable, `unread: GORM's Create of a map on no table`},
	{gormchains.RawFirstInline, `unread: inline conditions of GORM's First after Raw are not read`},
	{(*gormchains.Repo).PollRepoTable, `SELECT * FROM "{gormchains.Repo.table~03bbf8}" WHERE status = $1 ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED`},
	{(*gormchains.Repo).MarkRepoRunning, `UPDATE "{gormchains.Repo.table~03bbf8}" SET "status"=$1 WHERE "id" = $2`},
	{gormchains.TableUpdates, `UPDATE "jobs" SET "attempts"=attempts + 1,"locked_until"=$1,"status"=$2 WHERE id = $3`},
	{gormchains.TableUpdate, `UPDATE "jobs" SET "status"=$1 WHERE id = $2 AND status = $3`},
	{gormchains.TableUpdatesStruct, `unread: a GORM update without Model`},
	{gormchains.UpdateThroughGetter, `UPDATE "jobs" SET "status"=$1 WHERE id = $2`},
	{gormchains.UpdateThroughScope, `UPDATE "jobs" SET "status"=$1 WHERE queue = $2 AND id = $3`},
	{gormchains.FindByKey, `SELECT * FROM "jobs" WHERE key = $1`},
	{(*gormchains.Job).StartIfIdle, `UPDATE "jobs" SET "attempts"=attempts + 1,"status"=$1 WHERE status = $2 AND "id" = $3`},
	{(*gormchains.Job).FinishIfRunning, `DELETE FROM "jobs" WHERE status = $1 AND "jobs"."id" = $2`},
	{(*gormchains.Job).Retarget, `unread: the tool cannot tell whether the primary key of Job adds a condition`},
	{(*gormchains.Store).ClaimThroughHelper, `SELECT * FROM "jobs" WHERE status = $1 ORDER BY run_at LIMIT $2 FOR UPDATE SKIP LOCKED`},
	{(*gormchains.Store).PollThroughHelper, `SELECT * FROM "jobs" WHERE status = $1 ORDER BY run_at LIMIT $2`},
	{(*gormchains.Store).MarkThroughHelper, `UPDATE "jobs" SET "status"=$1 WHERE id = $2`},
	{(*gormchains.Store).PollMaybeQueue, `SELECT * FROM "jobs" WHERE status = $1`}, // and with queue = $1 first on the other path: TestGormHelperVariants,
	{gormchains.ScopedPoll, `SELECT * FROM "jobs" WHERE queue = $1 AND status = $2 ORDER BY run_at LIMIT $3`},
	{gormchains.ScopedClaim, `SELECT * FROM "jobs" WHERE status = $1 FOR UPDATE SKIP LOCKED`},
	{gormchains.NestedScopes, `SELECT * FROM "jobs" WHERE queue = $1 AND status = $2 ORDER BY run_at LIMIT $3`},
	{gormchains.ScopeLiteral, `SELECT * FROM "jobs" WHERE attempts < $1`},
	{gormchains.ScopeOr, `unread: GORM's Or is not read`},
	{gormchains.ScopeGiven, `unread: a GORM scope the tool does not follow`},
	{gormchains.RecursiveHelper, `unread: the GORM chain starts in a call the tool does not follow`},
	{gormchains.ScopeByFlag, `unread: a GORM scope chosen at run time`},
	{(*gormchains.Prepared).PollPrepared, `SELECT * FROM "jobs" WHERE queue = $1 AND status = $2`},
	{(*gormchains.Piling).PollPiling, `unread: the GORM chain kept in a field is changed in place by every statement sent on it`},
	{gormchains.ExecAfterChain, `unread: GORM's Exec after a chain is not read`},
	{gormchains.ScopesSlice, `unread: the scopes of GORM's Scopes are passed as a slice`},
	{gormchains.SelectOutcome, `UPDATE "failures" SET "status"=$1,"error"=$2,"updated_at"=$3 WHERE "id" = $4`},
	{gormchains.SelectOutcomeOwn, `UPDATE "failures" SET "status"=$1,"error"=$2,"updated_at"=$3 WHERE "id" = $4`},
	{gormchains.SelectList, `UPDATE "failures" SET "status"=$1,"attempts"=$2,"updated_at"=$3 WHERE "id" = $4`},
	{gormchains.SelectText, `unread: a GORM Select or Omit of status, error, which names no column of Failure`}, // GORM: SET "updated_at" only, TestGormSelectText
	{gormchains.SelectStar, `UPDATE "failures" SET "id"=$1,"status"=$2,"error"=$3,"attempts"=$4,"updated_at"=$5 WHERE "id" = $6`},
	{gormchains.SelectStarOmit, `UPDATE "failures" SET "status"=$1,"error"=$2 WHERE "id" = $3`},
	{gormchains.OmitLiteral, `UPDATE "failures" SET "status"=$1,"updated_at"=$2 WHERE id = $3`},
	{gormchains.OmitVar, `unread: the tool cannot tell whether field Status is zero, which GORM skips`},
	{gormchains.SelectMap, `UPDATE "failures" SET "status"=$1,"updated_at"=$2 WHERE id = $3`},
	{gormchains.SelectMapOmitTime, `UPDATE "failures" SET "status"=$1 WHERE id = $2`},
	{gormchains.SelectUpdate, `UPDATE "failures" SET "updated_at"=$1 WHERE id = $2`},
	{gormchains.SelectLiteral, `UPDATE "failures" SET "status"=$1,"error"=$2,"updated_at"=$3 WHERE id = $4 AND status = $5`},
	{gormchains.SelectColumnsQuery, `SELECT "id","status" FROM "failures" WHERE status = $1`},
	{gormchains.SelectTextQuery, `SELECT id, status FROM "failures" WHERE status = $1`},
	{gormchains.SelectWithValues, `unread: a GORM Select with values is not read`},
	{gormchains.OmitQuery, `unread: a GORM query with Omit is not read`},
	{gormchains.SelectAfterCall, `UPDATE "failures" SET "status"=$1,"error"=$2,"updated_at"=$3 WHERE "id" = $4`},
	{gormchains.SelectCreateOnly, `UPDATE "ledgers" SET "status"=$1 WHERE "id" = $2`},
	{gormchains.SelectOtherPointer, `unread: the tool cannot tell whether GORM's Updates is given its model, which decides whether it writes the key`},
}

func funcName(f any) string {
	name := runtime.FuncForPC(reflect.ValueOf(f).Pointer()).Name()
	return name[strings.LastIndex(name, ".")+1:]
}

// TestGormRealOutput runs each fixture chain through the real GORM with
// the postgres dialector in dry-run mode (nothing connects: the DSN
// names no server) and checks the SQL it builds.
func TestGormRealOutput(t *testing.T) {
	db := dryRun(t)
	var sent []string
	record := func(tx *gorm.DB) { sent = append(sent, tx.Statement.SQL.String()) }
	cb := db.Callback()
	require.NoError(t, cb.Query().After("*").Register("record", record))
	require.NoError(t, cb.Create().After("*").Register("record", record))
	require.NoError(t, cb.Update().After("*").Register("record", record))
	require.NoError(t, cb.Delete().After("*").Register("record", record))
	require.NoError(t, cb.Raw().After("*").Register("record", record))
	require.NoError(t, cb.Row().After("*").Register("record", record))
	for _, c := range gormCases {
		name := funcName(c.fn)
		if strings.HasPrefix(c.want, "unread: ") || sqltext.HasPlaceholder(c.want) {
			continue // a placeholder stands for a runtime value: TestGormTablePlaceholder
		}
		sent = nil
		fn := reflect.ValueOf(c.fn)
		var args []reflect.Value
		for i := range fn.Type().NumIn() {
			if fn.Type().In(i) == reflect.TypeOf(db) {
				args = append(args, reflect.ValueOf(db))
				continue
			}
			if fn.Type().In(i) == reflect.TypeFor[*gormchains.Store]() {
				args = append(args, reflect.ValueOf(gormchains.NewStore(db)))
				continue
			}
			if fn.Type().In(i) == reflect.TypeFor[*gormchains.Prepared]() {
				args = append(args, reflect.ValueOf(gormchains.NewPrepared(db)))
				continue
			}
			args = append(args, argFor(fn.Type().In(i)))
		}
		fn.Call(args)
		require.Len(t, sent, 1, name)
		// GORM leaves a space where a clause it builds empty would be
		// (Limit(-1)): the same statement. Rows of one insert are
		// read as one row: the first of what GORM sends.
		require.Equal(t, c.want, firstRow(strings.TrimRight(sent[0], " ")), name)
	}
}

// firstRow keeps the first row of the VALUES of an insert of several,
// numbering the parameters after it as if the others were not there.
func firstRow(sql string) string {
	i := strings.Index(sql, ") VALUES (")
	if i < 0 {
		return sql
	}
	start := i + len(") VALUES (")
	end := strings.Index(sql[start:], ")")
	rest := sql[start+end+1:]
	for strings.HasPrefix(rest, ",(") {
		rest = rest[strings.Index(rest, ")")+1:]
	}
	return sql[:start+end+1] + rest
}

// Several rows of one insert: GORM writes the columns once and a row of
// values per element, the row the reader writes.
func TestGormCreateRows(t *testing.T) {
	db := dryRun(t)
	tx := db.Create([]*gormchains.Job{{Queue: "a", Status: "queued"}, {Queue: "b"}})
	require.Equal(t, `INSERT INTO "jobs" ("queue","status","attempts","run_at","locked_until") VALUES ($1,$2,$3,$4,$5),($6,$7,$8,$9,$10) RETURNING "id"`,
		tx.Statement.SQL.String())
	require.Equal(t, `INSERT INTO "jobs" ("queue","status","attempts","run_at","locked_until") VALUES ($1,$2,$3,$4,$5) RETURNING "id"`,
		firstRow(tx.Statement.SQL.String()))
	// A row that sets the key and one that does not: DEFAULT in the
	// second, which the reader does not write.
	tx = db.Create(&[]gormchains.Job{{ID: 1, Queue: "a"}, {Queue: "b"}})
	require.Equal(t, `INSERT INTO "jobs" ("queue","status","attempts","run_at","locked_until","id") VALUES ($1,$2,$3,$4,$5,$6),($7,$8,$9,$10,$11,DEFAULT) RETURNING "id"`,
		tx.Statement.SQL.String())
}

// A table that a repository's field names (its constructor's caller
// chooses it) is the field's placeholder where GORM writes the table: with
// the field set to a plain name, GORM sends the reader's statement with
// that name, quoted, in the placeholder's place.
func TestGormTablePlaceholder(t *testing.T) {
	db := dryRun(t)
	var sent []string
	record := func(tx *gorm.DB) { sent = append(sent, tx.Statement.SQL.String()) }
	require.NoError(t, db.Callback().Query().After("*").Register("record", record))
	require.NoError(t, db.Callback().Update().After("*").Register("record", record))
	repo := gormchains.NewRepo(db, "work_items")
	repo.PollRepoTable()
	repo.MarkRepoRunning(&gormchains.Job{ID: 5})
	want := map[string]string{}
	for _, c := range gormCases {
		want[funcName(c.fn)] = c.want
	}
	require.Len(t, sent, 2)
	for i, name := range []string{"PollRepoTable", "MarkRepoRunning"} {
		require.True(t, sqltext.HasPlaceholder(want[name]), want[name])
		require.Equal(t, quotedPlaceholder.ReplaceAllString(want[name], `"work_items"`), sent[i], name)
	}
}

var quotedPlaceholder = regexp.MustCompile(`"\{[A-Za-z0-9_.]+~[0-9a-f]{6}\}"`)

// The reasons for leaving chains unread are GORM's behaviour: the key of
// a struct destination or model becomes a condition, an update without
// conditions sends nothing, a slice expands to one parameter per element.
func TestGormUnreadReasons(t *testing.T) {
	db := dryRun(t)
	sqlOf := func(tx *gorm.DB) string { return tx.Statement.SQL.String() }
	job := gormchains.Job{ID: 5}
	require.Equal(t, `SELECT * FROM "jobs" WHERE status = $1 AND "jobs"."id" = $2 ORDER BY "jobs"."id" LIMIT $3`,
		sqlOf(db.Where("status = ?", "queued").First(&job)))
	job = gormchains.Job{ID: 5}
	require.Equal(t, `UPDATE "jobs" SET "status"=$1 WHERE status = $2 AND "id" = $3`,
		sqlOf(db.Model(&job).Where("status = ?", "running").Update("status", "done")))
	tx := db.Model(&gormchains.Job{}).Update("status", "done")
	require.ErrorIs(t, tx.Error, gorm.ErrMissingWhereClause) // its update callback executes only when Error is nil
	require.Equal(t, `SELECT * FROM "jobs" WHERE id IN ($1,$2)`,
		sqlOf(db.Where("id IN ?", []int64{1, 2}).Find(&[]gormchains.Job{})))
}

// dryRun opens GORM with the postgres dialector in dry-run mode; the DSN
// names no server and nothing connects.
func dryRun(t *testing.T) *gorm.DB {
	db, err := gorm.Open(postgres.New(postgres.Config{DSN: "host=/nonexistent"}),
		&gorm.Config{DryRun: true, DisableAutomaticPing: true, SkipDefaultTransaction: true})
	require.NoError(t, err)
	return db
}

// argFor makes an argument for a fixture function: a context, a pointer to
// a new value (a Job with its key set), or a zero value.
func argFor(t reflect.Type) reflect.Value {
	switch {
	case t == reflect.TypeFor[context.Context]():
		return reflect.ValueOf(context.Background())
	case t == reflect.TypeFor[*gormchains.Job]():
		return reflect.ValueOf(&gormchains.Job{ID: 5})
	case t == reflect.TypeFor[*gormchains.Stamped]():
		return reflect.ValueOf(&gormchains.Stamped{ID: 5})
	case t == reflect.TypeFor[*gormchains.Delivery]():
		return reflect.ValueOf(&gormchains.Delivery{ID: 5})
	case t == reflect.TypeFor[*gormchains.Failure]():
		return reflect.ValueOf(&gormchains.Failure{ID: 5})
	case t == reflect.TypeFor[gormchains.Failure]():
		return reflect.ValueOf(gormchains.Failure{ID: 5})
	case t == reflect.TypeFor[*gormchains.Ledger]():
		return reflect.ValueOf(&gormchains.Ledger{ID: 5})
	case t.Kind() == reflect.Pointer:
		return reflect.New(t.Elem())
	case t.Kind() == reflect.Slice:
		// A list of one item: what the reader writes for a list of any
		// length (TestGormListOfRunTimeLength); a byte slice that is not
		// empty (GORM writes an empty json.RawMessage as (NULL)).
		return reflect.Append(reflect.MakeSlice(t, 0, 1), reflect.Zero(t.Elem()))
	}
	return reflect.Zero(t)
}

// modelOnly hands on the queue model without the facts it exports.
var modelOnly = &analysis.Analyzer{
	Name:       "modelonly",
	Doc:        "the queue model",
	Requires:   []*analysis.Analyzer{queuemodel.Analyzer},
	ResultType: reflect.TypeFor[*queuemodel.Model](),
	Run:        func(pass *analysis.Pass) (any, error) { return pass.ResultOf[queuemodel.Analyzer], nil },
}

// TestGormReader reads the same chains with the reader, through the
// queue model, on GORM stubs.
func TestGormReader(t *testing.T) {
	results := ruletest.Run(t, modelOnly, "gormchains")
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
	for _, c := range gormCases {
		require.Equal(t, c.want, got[funcName(c.fn)], funcName(c.fn))
	}
	require.Len(t, got, len(gormCases))
}

// A slice of run-time length bound to ?: GORM writes a parameter per item,
// in parentheses, and (NULL) for an empty one, which matches no row; the
// reader writes one parameter for the items.
func TestGormListOfRunTimeLength(t *testing.T) {
	db := dryRun(t)
	var jobs []gormchains.Job
	tx := db.Where("id IN ?", []int64{1, 2, 3}).Find(&jobs)
	require.Equal(t, `SELECT * FROM "jobs" WHERE id IN ($1,$2,$3)`, tx.Statement.SQL.String())
	tx = db.Where("id IN ?", []int64{}).Find(&jobs)
	require.Equal(t, `SELECT * FROM "jobs" WHERE id IN (NULL)`, tx.Statement.SQL.String())
	// Right after a parenthesis, the items without parentheses of GORM's.
	tx = db.Where("id IN (?)", []int64{1, 2, 3}).Find(&jobs)
	require.Equal(t, `SELECT * FROM "jobs" WHERE id IN ($1,$2,$3)`, tx.Statement.SQL.String())
	tx = db.Where("id IN ( ?)", []int64{1, 2}).Find(&jobs)
	require.Equal(t, `SELECT * FROM "jobs" WHERE id IN ( ($1,$2))`, tx.Statement.SQL.String())
}
