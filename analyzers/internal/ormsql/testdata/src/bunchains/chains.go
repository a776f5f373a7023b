// Package bunchains holds bun chains whose SQL the reader rebuilds; the
// test builds the same chains with the real bun and compares.
package bunchains

import (
	"context"
	"time"

	"github.com/uptrace/bun"
)

type Job struct {
	bun.BaseModel `bun:"table:jobs,alias:j"`
	ID            int64 `bun:",pk,autoincrement"`
	Status        string
	RunAt         time.Time
	Attempts      int    `bun:"attempts_made"`
	Skip          string `bun:"-"`
}

type QueueItem struct {
	ID       int64 `bun:",pk"`
	LockedBy string
}

type Category struct {
	ID int64 `bun:",pk"`
}

type Batch struct {
	ID int64 `bun:",pk"`
}

type Person struct {
	ID int64 `bun:",pk"`
}

type Status struct {
	ID int64 `bun:",pk"`
}

func SelectClaim(ctx context.Context, db *bun.DB) {
	var jobs []Job
	db.NewSelect().Model(&jobs).Where("status = ?", "queued").Order("run_at").Limit(1).For("UPDATE SKIP LOCKED").Scan(ctx)
}

func SelectClauses(ctx context.Context, tx bun.Tx) {
	var jobs []Job
	tx.NewSelect().Model(&jobs).Column("id").Where("status = ?", "queued").WhereOr("x = 1").
		Order("run_at DESC", "id").OrderExpr("id ASC").Limit(1).Offset(2).For("UPDATE").Scan(ctx)
}

func SelectAcrossVariables(ctx context.Context, db bun.IDB) {
	var jobs []Job
	q := db.NewSelect().Model(&jobs)
	q = q.Where("status = ?", "queued")
	q.Scan(ctx)
}

func UpdateSet(ctx context.Context, db *bun.DB) {
	j := Job{ID: 5}
	db.NewUpdate().Model(&j).Set("status = ?", "running").Where("status = ?", "queued").WherePK().Returning("id, status").Exec(ctx)
}

func UpdateAll(ctx context.Context, db *bun.DB) {
	j := Job{ID: 5}
	db.NewUpdate().Model(&j).WherePK().Exec(ctx)
}

func UpdateColumn(ctx context.Context, db *bun.DB) {
	j := Job{ID: 5}
	db.NewUpdate().Model(&j).Column("status").WherePK().Exec(ctx)
}

func UpdateTable(ctx context.Context, db *bun.DB) {
	db.NewUpdate().Table("jobs").Set("status = ?", "a").Where("id = ?", 1).Exec(ctx)
}

func UpdateTableExpr(ctx context.Context, db *bun.DB) {
	db.NewUpdate().TableExpr("jobs").Set("status = ?", "a").Where("id = ?", 1).Exec(ctx)
}

func Insert(ctx context.Context, db *bun.DB) {
	j := Job{ID: 5, Status: "x"}
	db.NewInsert().Model(&j).Exec(ctx)
}

func DeleteWhere(ctx context.Context, db *bun.DB) {
	j := Job{ID: 5}
	db.NewDelete().Model(&j).Where("id = ?", 3).Exec(ctx)
}

func DeletePK(ctx context.Context, db *bun.DB) {
	j := Job{ID: 5}
	db.NewDelete().Model(&j).WherePK().Exec(ctx)
}

func DefaultNames(ctx context.Context, db *bun.DB) {
	var qi QueueItem
	db.NewSelect().Model(&qi).Where("id = ?", 3).Scan(ctx)
}

func PluralIES(ctx context.Context, db *bun.DB) {
	var c Category
	db.NewSelect().Model(&c).Scan(ctx)
}

func PluralES(ctx context.Context, db *bun.DB) {
	var b []Batch
	db.NewSelect().Model(&b).Scan(ctx)
}

func NilModel(ctx context.Context, db *bun.DB) {
	db.NewSelect().Model((*QueueItem)(nil)).Where("id = ?", 3).Scan(ctx)
}

func TableExpr(ctx context.Context, db *bun.DB) {
	db.NewSelect().TableExpr("jobs AS j").ColumnExpr("j.id").Where("id = ?", 3).Scan(ctx)
}

func ModelTableExpr(ctx context.Context, db *bun.DB) {
	var jobs []Job
	db.NewSelect().Model(&jobs).ModelTableExpr("other AS j").Where("id = ?", 3).Scan(ctx)
}

func Raw(ctx context.Context, db *bun.DB) {
	var id int64
	db.NewRaw("SELECT * FROM jobs WHERE id = ? AND s = ?", 1, "a").Scan(ctx, &id)
}

func Text(ctx context.Context, db *bun.DB) {
	db.ExecContext(ctx, "UPDATE jobs SET status = ? WHERE id = ? AND note <> '\\?'", "a", 1)
}

// What the reader does not read.

func Branch(ctx context.Context, db *bun.DB, s string) {
	var jobs []Job
	q := db.NewSelect().Model(&jobs)
	if s != "" {
		q = q.Where("status = ?", s)
	}
	q.Scan(ctx) // unread: out of sight
}

func Dropped(ctx context.Context, db *bun.DB) {
	var jobs []Job
	q := db.NewSelect().Model(&jobs)
	q.Where("status = 'queued'")
	q.Scan(ctx) // unread: changed outside its chain
}

func Named(ctx context.Context, db *bun.DB) {
	var jobs []Job
	db.NewSelect().Model(&jobs).Where("?TableAlias.id = 1").Scan(ctx) // unread: named placeholder
}

func Irregular(ctx context.Context, db *bun.DB) {
	var p Person
	db.NewSelect().Model(&p).Scan(ctx) // unread: plural
}

func LatinPlural(ctx context.Context, db *bun.DB) {
	var s Status
	db.NewSelect().Model(&s).Scan(ctx) // unread: plural
}

func Count(ctx context.Context, db *bun.DB) {
	var jobs []Job
	db.NewSelect().Model(&jobs).ColumnExpr("lower(status) = ?", "x").Where("status = ?", "queued").
		Order("run_at").Limit(1).Offset(2).For("UPDATE").Count(ctx)
}

func Exists(ctx context.Context, db *bun.DB) {
	db.NewSelect().Model((*Job)(nil)).Where("status = ?", "queued").Limit(1).Exists(ctx)
}

func ScanAndCount(ctx context.Context, db *bun.DB) {
	var jobs []Job
	db.NewSelect().Model(&jobs).Where("status = ?", "queued").Order("run_at").ScanAndCount(ctx)
}

func ScanAndCountLimit(ctx context.Context, db *bun.DB) {
	var jobs []Job
	db.NewSelect().Model(&jobs).Where("status = ?", "queued").Limit(10).ScanAndCount(ctx) // unread: two statements
}

func Rows(ctx context.Context, db *bun.DB) {
	var jobs []Job
	db.NewSelect().Model(&jobs).Rows(ctx) // unread: Rows
}

func FewerArgs(ctx context.Context, db *bun.DB) {
	var jobs []Job
	db.NewSelect().Model(&jobs).Where("status = ? AND id = ?", "queued").Scan(ctx) // unread: more placeholders
}

func InTx(ctx context.Context, db *bun.DB) error {
	return db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var jobs []Job
		return tx.NewSelect().Model(&jobs).Where("status = ?", "queued").Scan(ctx)
	})
}

type Embeds struct {
	Job
	Extra string
}

type SoftJob struct {
	ID        int64     `bun:",pk"`
	DeletedAt time.Time `bun:",soft_delete"`
}

type ViewJob struct {
	bun.BaseModel `bun:"table:jobs,select:jobs_view"`
	ID            int64 `bun:",pk"`
}

func WherePKSlice(ctx context.Context, db *bun.DB) {
	var jobs []Job
	db.NewDelete().Model(&jobs).WherePK().Exec(ctx) // unread: WherePK
}

func InsertSlice(ctx context.Context, db *bun.DB) {
	jobs := []Job{{ID: 5, Status: "a"}}
	db.NewInsert().Model(&jobs).Exec(ctx)
}

func InsertSliceOfPointers(ctx context.Context, db *bun.DB) {
	db.NewInsert().Model(&[]*Job{{ID: 5, Status: "a"}}).Returning("id").Exec(ctx)
}

func TableWithModel(ctx context.Context, db *bun.DB) {
	var jobs []Job
	db.NewSelect().Model(&jobs).TableExpr("other").Scan(ctx) // unread: Table with a model
}

func OrderFunction(ctx context.Context, db *bun.DB) {
	var jobs []Job
	db.NewSelect().Model(&jobs).Order("lower(status)").Scan(ctx) // unread: Order
}

func OrderNulls(ctx context.Context, db *bun.DB) {
	var jobs []Job
	db.NewSelect().Model(&jobs).Order("run_at NULLS FIRST").Scan(ctx) // unread: Order
}

func Embedded(ctx context.Context, db *bun.DB) {
	var e Embeds
	db.NewSelect().Model(&e).Scan(ctx) // unread: embeds
}

func SoftDelete(ctx context.Context, db *bun.DB) {
	var s SoftJob
	db.NewDelete().Model(&s).WherePK().Exec(ctx) // unread: soft_delete
}

func SelectView(ctx context.Context, db *bun.DB) {
	var v ViewJob
	db.NewSelect().Model(&v).Scan(ctx) // unread: select:
}

func FewerPlaceholders(ctx context.Context, db *bun.DB) {
	db.NewUpdate().Table("jobs").Set("status = 'a'", 1).Where("id = 1").Exec(ctx) // unread: fewer placeholders
}

func TextUnknown(ctx context.Context, db *bun.DB, sql string) {
	db.ExecContext(ctx, sql) // unread: not one known string
}

func NoTable(ctx context.Context, db *bun.DB) {
	db.NewSelect().ColumnExpr("1").Scan(ctx) // unread: no one table
}

func ForTwice(ctx context.Context, db *bun.DB) {
	var jobs []Job
	db.NewSelect().Model(&jobs).For("UPDATE").For("SHARE").Scan(ctx) // unread: For is called twice
}

func SpreadArgs(ctx context.Context, db *bun.DB, args []any) {
	var jobs []Job
	db.NewSelect().Model(&jobs).Where("status = ? AND id = ?", args...).Scan(ctx)
}

func TextRow(ctx context.Context, db *bun.DB) int64 {
	var id int64
	db.QueryRowContext(ctx, "SELECT id FROM jobs WHERE id = ?", 1).Scan(&id)
	return id
}

// TaskJob names its table in the older form of the tag: the first
// element, with no table: key.
type TaskJob struct {
	bun.BaseModel `bun:"task_jobs,alias:m"`

	ID            int64 `bun:"type:uuid"`
	Queue         string
	RunAt         time.Time
	ReservedCount int
	ReservedAt    time.Time
	Data          []byte
}

func OldTag(ctx context.Context, db *bun.DB) {
	db.NewSelect().Model((*TaskJob)(nil)).Where("queue = ?", "q").Scan(ctx)
}

// WithUpdate claims through a locking select kept in a variable and
// given to With.
func WithUpdate(ctx context.Context, db *bun.DB) {
	subq := db.NewSelect().
		ColumnExpr("ctid").
		Model((*TaskJob)(nil)).
		Where("queue = ?", "q").
		Where("run_at <= ?", 1).
		OrderExpr("id ASC").
		Limit(3).
		For("UPDATE SKIP LOCKED")
	var src []TaskJob
	db.NewUpdate().
		Model(&src).
		With("todo", subq).
		TableExpr("todo").
		Set("reserved_count = reserved_count + 1").
		Set("reserved_at = now()").
		Where("m.ctid = todo.ctid").
		Returning("m.*").
		Scan(ctx)
}

func WithSelect(ctx context.Context, db *bun.DB) {
	var jobs []Job
	db.NewSelect().
		With("a", db.NewSelect().Model((*TaskJob)(nil)).Column("id").Where("queue = ?", "q")).
		With("b", db.NewSelect().Table("jobs").Where("id = ?", 2)).
		Model(&jobs).
		Where("id IN (SELECT id FROM a)").
		Where("status = ?", "queued").
		Scan(ctx)
}

func WithDelete(ctx context.Context, db *bun.DB) {
	subq := db.NewSelect().ColumnExpr("ctid").Model((*TaskJob)(nil)).Where("queue = ?", "q").Limit(10)
	db.NewDelete().With("todo", subq).Model((*TaskJob)(nil)).TableExpr("todo").Where("m.ctid = todo.ctid").Exec(ctx)
}

func WithBranch(ctx context.Context, db *bun.DB, s string) {
	subq := db.NewSelect().Model((*TaskJob)(nil))
	if s != "" {
		subq = subq.Where("queue = ?", s)
	}
	db.NewUpdate().With("todo", subq).Model((*TaskJob)(nil)).TableExpr("todo").Set("x = 1").Where("m.id = todo.id").Exec(ctx) // unread: out of sight
}

func WithUnreadSub(ctx context.Context, db *bun.DB) {
	subq := db.NewSelect().Model((*TaskJob)(nil)).For("UPDATE").For("SHARE")
	db.NewUpdate().With("todo", subq).Model((*TaskJob)(nil)).TableExpr("todo").Set("x = 1").Where("m.id = todo.id").Exec(ctx) // unread: For is called twice
}

func ColumnAndSet(ctx context.Context, db *bun.DB) {
	db.NewUpdate().Model(&TaskJob{ID: 1}).Column("queue").Set("x = 1").WherePK().Exec(ctx) // unread: Column with Set
}

func UpdateSliceNoSet(ctx context.Context, db *bun.DB) {
	jobs := []TaskJob{{ID: 1}}
	db.NewUpdate().Model(&jobs).Column("queue").Exec(ctx) // unread: slice
}

func WithRaw(ctx context.Context, db *bun.DB) {
	db.NewUpdate().With("todo", db.NewRaw("SELECT id FROM task_jobs")).Model((*TaskJob)(nil)).TableExpr("todo").Set("x = 1").Where("m.id = todo.id").Exec(ctx) // unread: Raw
}

func UpdateFromSubquery(ctx context.Context, db *bun.DB) {
	var jobs []Job
	sub := db.NewSelect().
		Table("jobs").
		Column("id").
		Where("status IN (?)", bun.In([]string{"queued", "retry"})).
		Order("run_at").
		Limit(5).
		For("UPDATE SKIP LOCKED")
	db.NewUpdate().
		TableExpr("jobs as j").
		TableExpr("(?) as sub", sub).
		Set("attempts = j.attempts + (?)", 1).
		Set("status = (?)", "running").
		Where("sub.id = j.id").
		Returning("j.*").
		Scan(ctx, &jobs)
}

func SelectFromSubquery(ctx context.Context, db *bun.DB) {
	db.NewSelect().TableExpr("(?) AS s", db.NewSelect().Table("jobs").Where("id = ?", 3)).Where("x = ?", 4).Scan(ctx)
}

func WhereInList(ctx context.Context, db *bun.DB) {
	db.NewSelect().Table("jobs").Where("id IN (?)", bun.In([]int{1, 2})).Scan(ctx)
}

func UpdateTwoTables(ctx context.Context, db *bun.DB) {
	db.NewUpdate().Table("jobs").Table("other").Set("x = 1").Where("a = b").Exec(ctx)
}

func SubqueryBranch(ctx context.Context, db *bun.DB, s string) {
	sub := db.NewSelect().Table("jobs").Column("id")
	if s != "" {
		sub = sub.Where("queue = ?", s)
	}
	db.NewUpdate().TableExpr("jobs as j").TableExpr("(?) as sub", sub).Set("x = 1").Where("sub.id = j.id").Exec(ctx) // unread: out of sight
}

func SubqueryOfUpdate(ctx context.Context, db *bun.DB) {
	db.NewSelect().TableExpr("(?) AS s", db.NewUpdate().Table("jobs").Set("x = 1").Where("id = 1")).Scan(ctx) // unread: not read
}

func WhereInEmpty(ctx context.Context, db *bun.DB) {
	db.NewSelect().Table("jobs").Where("id IN (?)", bun.In([]int{})).Scan(ctx) // unread: bun.In
}

func UpdateTablesFirstOfTwo(ctx context.Context, db *bun.DB) {
	db.NewUpdate().Table("jobs", "other").TableExpr("more").Set("x = 1").Exec(ctx) // unread: Table of several names
}

// A slice of run-time length: one parameter stands for its items.
func WhereInVar(ctx context.Context, db *bun.DB, ids []int64) {
	db.NewUpdate().Table("jobs").Set("status = ?", "running").Where("id IN (?)", bun.In(ids)).Where("status = ?", "queued").Exec(ctx)
}

// Names bun writes into the text: a Safe fragment as it is, an Ident or
// a Name quoted.
func RawNames(ctx context.Context, db *bun.DB) {
	var id int64
	db.NewRaw("SELECT id FROM ? WHERE ? = ? AND x = ?", bun.Ident("jobs"), bun.Name("status"), "a", bun.Safe("1")).Scan(ctx, &id)
}

func RawIdentQualified(ctx context.Context, db *bun.DB) {
	db.NewRaw("DELETE FROM ? WHERE id = ?", bun.Ident("app.jobs"), 1).Exec(ctx)
}

// A name the tool cannot see: the statement stays unread.
func RawSafeVar(ctx context.Context, db *bun.DB, table string) {
	db.NewRaw("INSERT INTO ? (id) VALUES (?)", bun.Safe(table), 1).Exec(ctx)
}
