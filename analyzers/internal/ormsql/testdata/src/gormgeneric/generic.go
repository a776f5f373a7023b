// Package gormgeneric holds chains of GORM's generic API, one statement
// per function; gorm_test.go runs each through the real GORM in dry-run
// mode.
package gormgeneric

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type Job struct {
	ID       int64
	Queue    string
	Status   string
	Attempts int
	RunAt    time.Time
}

type Event struct {
	ID        uint
	Status    string
	UpdatedAt time.Time
}

func (e *Event) TableName() string { return "events" } // want TableName:"table name events"

var skipLocked = clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}

func ClaimLocked(ctx context.Context, db *gorm.DB) (Job, error) {
	return gorm.G[Job](db, clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).Where("status = ?", "queued").Order("id").First(ctx)
}

func PollIn(ctx context.Context, db *gorm.DB) ([]Job, error) {
	return gorm.G[Job](db, clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
		Where("status IN ? AND queue = ?", []string{"queued", "failed"}, "q").
		Order("run_at ASC").
		Limit(10).
		Find(ctx)
}

func TakeOne(ctx context.Context, db *gorm.DB) (Job, error) {
	return gorm.G[Job](db).Where("queue = ?", "q").Take(ctx)
}

func LastEvent(ctx context.Context, db *gorm.DB) (Event, error) {
	return gorm.G[Event](db).Where("status = ?", "pending").Last(ctx)
}

func UpdateStatus(ctx context.Context, db *gorm.DB) (int, error) {
	return gorm.G[Job](db).Where("id = ? AND status = ?", 5, "queued").Update(ctx, "status", "running")
}

func UpdateStamped(ctx context.Context, db *gorm.DB) (int, error) {
	return gorm.G[Event](db).Where("id = ?", 5).Update(ctx, "status", "done")
}

func UpdatesStruct(ctx context.Context, db *gorm.DB) (int, error) {
	return gorm.G[Job](db).Where("status = ?", "running").Updates(ctx, Job{Status: "done", Attempts: 2})
}

func UpdatesKeyed(ctx context.Context, db *gorm.DB) (int, error) {
	return gorm.G[Job](db).Updates(ctx, Job{ID: 5, Status: "done"})
}

func DeleteDone(ctx context.Context, db *gorm.DB) (int, error) {
	return gorm.G[Job](db).Where("status = ?", "done").Delete(ctx)
}

func CreateJob(ctx context.Context, db *gorm.DB) error {
	j := &Job{Queue: "q", Status: "queued"}
	return gorm.G[Job](db).Create(ctx, j)
}

func ExecText(ctx context.Context, db *gorm.DB) error {
	return gorm.G[Job](db).Exec(ctx, "UPDATE jobs SET status = ? WHERE id = ?", "done", 5)
}

func RawFind(ctx context.Context, db *gorm.DB) ([]Job, error) {
	return gorm.G[Job](db).Raw("SELECT * FROM jobs WHERE status = ? FOR UPDATE SKIP LOCKED", "queued").Find(ctx)
}

func TableOther(ctx context.Context, db *gorm.DB) ([]Job, error) {
	return gorm.G[Job](db).Table("archived_jobs").Where("status = ?", "done").Find(ctx)
}

// The statements below are left unread.

func OrChain(ctx context.Context, db *gorm.DB) ([]Job, error) {
	return gorm.G[Job](db).Where("status = ?", "a").Or("status = ?", "b").Find(ctx)
}

func CountJobs(ctx context.Context, db *gorm.DB) (int64, error) {
	return gorm.G[Job](db).Where("status = ?", "a").Count(ctx, "id")
}

func Branchy(ctx context.Context, db *gorm.DB, s string) ([]Job, error) {
	q := gorm.G[Job](db).Where("status = ?", "a")
	if s != "" {
		q = q.Where("queue = ?", s)
	}
	return q.Find(ctx)
}

func UpdatesVar(ctx context.Context, db *gorm.DB, j Job) (int, error) {
	return gorm.G[Job](db).Where("status = ?", "a").Updates(ctx, j)
}

func InListVar(ctx context.Context, db *gorm.DB, ids []int64) ([]Job, error) {
	return gorm.G[Job](db).Where("id IN ?", ids).Find(ctx)
}

func InListParens(ctx context.Context, db *gorm.DB) ([]Job, error) {
	return gorm.G[Job](db).Where("id IN (?)", []int64{1, 2}).Find(ctx)
}

func ChainedHandle(ctx context.Context, db *gorm.DB) ([]Job, error) {
	return gorm.G[Job](db.Where("queue = ?", "q")).Find(ctx)
}

func RawFirst(ctx context.Context, db *gorm.DB) (Job, error) {
	return gorm.G[Job](db).Raw("SELECT * FROM jobs WHERE id = ?", 5).First(ctx)
}

func OptsVar(ctx context.Context, db *gorm.DB) (Job, error) {
	return gorm.G[Job](db, skipLocked).Where("status = ?", "queued").First(ctx)
}

func UpdateUnconditioned(ctx context.Context, db *gorm.DB) (int, error) {
	return gorm.G[Job](db).Update(ctx, "status", "x")
}

func ExecWithOpts(ctx context.Context, db *gorm.DB) error {
	return gorm.G[Job](db, clause.Locking{Strength: "UPDATE"}).Exec(ctx, "UPDATE jobs SET status = ? WHERE id = ?", "done", 5)
}

func OptsSpread(ctx context.Context, db *gorm.DB, opts []clause.Expression) (Job, error) {
	return gorm.G[Job](db, opts...).Where("status = ?", "queued").First(ctx)
}
