// Package gormchains holds one GORM chain per function, each the twin of
// a chain gorm_test.go runs through the real GORM in dry-run mode.
package gormchains

import (
	"context"
	"database/sql/driver"
	"encoding/json"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type Job struct {
	ID          int64
	Queue       string
	Status      string
	Attempts    int
	RunAt       time.Time
	LockedUntil *time.Time
}

type JobRun struct {
	ID    int64
	JobID int64
}

type Task struct {
	ID     int64
	Status string
}

func (Task) TableName() string { return "queue_tasks" }

type Stamped struct {
	ID        int64
	Status    string
	CreatedAt time.Time
	UpdatedAt time.Time
}

type Soft struct {
	ID        int64
	Status    string
	DeletedAt gorm.DeletedAt
}

func PollLocked(db *gorm.DB, jobs *[]Job) {
	db.Model(&Job{}).Where("status = ?", "queued").Order("id").Limit(1).Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).Find(jobs)
}

func FindByDest(db *gorm.DB, jobs *[]Job) { db.Where("status = ?", "queued").Find(jobs) }

func FirstOrdered(ctx context.Context, db *gorm.DB) Job {
	var job Job
	db.WithContext(ctx).Where("status = ?", "queued").Order("run_at").First(&job)
	return job
}

func TakeTable(db *gorm.DB) {
	job := Job{Queue: "q"}
	db.Table("jobs").Where("status = ? AND queue = ?", "queued", "q").Take(&job)
}

func LastJob(db *gorm.DB) {
	for range 1 {
		var job Job
		db.Where("status = ?", "queued").Last(&job)
	}
}

// The key of a Job read before adds a condition.
func FirstIntoParam(db *gorm.DB, job *Job) { db.Where("status = ?", "queued").First(job) }

func FirstInLoop(db *gorm.DB) {
	var job Job
	for range 2 {
		db.Where("status = ?", "queued").First(&job)
	}
}

func StructWhere(db *gorm.DB, jobs *[]Job) {
	db.Model(&Job{}).Where(&Job{Status: "queued", Queue: "q"}).Find(jobs)
}

func MapWhere(db *gorm.DB, jobs *[]Job) {
	db.Model(&Job{}).Where(map[string]interface{}{"status": "queued", "queue": "q"}).Find(jobs)
}

func ScanSelect(db *gorm.DB, ids *[]int64) {
	db.Table("jobs").Select("id").Where("status = ?", "queued").Scan(ids)
}

func TwoWheres(db *gorm.DB, jobs *[]Job) {
	db.Where("status = ? OR status = ?", "a", "b").Where("queue = ?", "q").Find(jobs)
}

func Branches(db *gorm.DB, jobs *[]Job, queue string) {
	q := db.Model(&Job{}).Where("status = ?", "queued")
	if queue != "" {
		q = q.Where("queue = ?", queue)
	}
	q.Find(jobs)
}

func SameOnBothPaths(db *gorm.DB, jobs *[]Job, debug bool) {
	q := db.Model(&Job{})
	if debug {
		q = q.Debug()
	}
	q.Where("status = ?", "queued").Offset(3).Limit(2).Find(jobs)
}

func CountQueued(db *gorm.DB, n *int64) { db.Model(&Job{}).Where("status = ?", "queued").Count(n) }

func TableNameMethod(db *gorm.DB, tasks *[]Task) { db.Where("status = ?", "queued").Find(tasks) }

func JobRuns(db *gorm.DB, runs *[]JobRun) { db.Find(runs) }

func UpdateOne(db *gorm.DB) { db.Model(&Job{}).Where("id = ?", 1).Update("status", "running") }

func UpdateByKey(db *gorm.DB, job *Job) { db.Model(job).Update("status", "running") }

func UpdatesMap(db *gorm.DB) {
	db.Model(&Job{}).Where("id = ?", 1).Updates(map[string]interface{}{"status": "running", "attempts": gorm.Expr("attempts + 1")})
}

func UpdatesStruct(db *gorm.DB) {
	db.Model(&Job{}).Where("id = ?", 1).Updates(Job{Status: "running", Attempts: 2})
}

func UpdateColumnOne(db *gorm.DB) {
	db.Model(&Job{}).Where("id = ?", 1).UpdateColumn("status", "running")
}

func UpdateStamped(db *gorm.DB) {
	db.Model(&Stamped{}).Where("id = ?", 1).Update("status", "running")
}

func UpdateColumnStamped(db *gorm.DB) {
	db.Model(&Stamped{}).Where("id = ?", 1).UpdateColumn("status", "running")
}

func UpdateReturning(db *gorm.DB) {
	db.Model(&Job{}).Clauses(clause.Returning{}).Where("status = ?", "queued").Update("status", "running")
}

func CreateJob(db *gorm.DB) { db.Create(&Job{Queue: "q", Status: "queued"}) }

func DeleteWhere(db *gorm.DB) { db.Where("id = ?", 1).Delete(&Job{}) }

func DeleteByKey(db *gorm.DB, job *Job) { db.Delete(job) }

func SoftFind(db *gorm.DB, rows *[]Soft) { db.Where("status = ? OR status = ?", "a", "b").Find(rows) }

func SoftDelete(db *gorm.DB) { db.Where("id = ?", 1).Delete(&Soft{}) }

func SoftUnscoped(db *gorm.DB) { db.Unscoped().Where("id = ?", 1).Delete(&Soft{}) }

func SaveJob(db *gorm.DB, job *Job) { db.Save(job) }

func RawScan(db *gorm.DB, ids *[]int64) {
	db.Raw("SELECT id FROM jobs WHERE status = ? LIMIT 1 FOR UPDATE SKIP LOCKED", "queued").Scan(ids)
}

func ExecUpdate(db *gorm.DB) { db.Exec("UPDATE jobs SET status = ? WHERE id = ?", "running", 1) }

func ExecDollar(db *gorm.DB) { db.Exec("UPDATE jobs SET status = $1 WHERE id = $2", "running", 1) }

func FirstAfterUse(db *gorm.DB) {
	var job Job
	job.ID = 5
	db.Where("status = ?", "queued").First(&job)
}

func FirstKeyed(db *gorm.DB) {
	job := Job{ID: 5}
	db.Where("status = ?", "queued").First(&job)
}

func UpdateKeyAndWhere(db *gorm.DB, job *Job) {
	db.Model(job).Where("status = ?", "running").Update("status", "done")
}

func UpdateAll(db *gorm.DB) { db.Model(&Job{}).Update("status", "done") }

func scope(db *gorm.DB) *gorm.DB { return db.Where("queue = ?", "q") }

func HelperScope(db *gorm.DB, jobs *[]Job) { scope(db).Find(jobs) }

func OrWhere(db *gorm.DB, jobs *[]Job) { db.Where("status = ?", "a").Or("status = ?", "b").Find(jobs) }

func WhereIn(db *gorm.DB, jobs *[]Job, ids []int64) { db.Where("id IN ?", ids).Find(jobs) }

// The ack of a relay: its events marked sent by their UUIDs, a constant
// bound after the list.
func MarkSentIn(db *gorm.DB, ids []uuid.UUID) {
	db.Table("events").Where("id IN ? AND status = ?", ids, "pending").Updates(map[string]any{"status": "sent"})
}

func WhereInRows(db *gorm.DB, jobs *[]Job, rows []Job) { db.Where("id IN ?", rows).Find(jobs) }

func WhereInParens(db *gorm.DB, jobs *[]Job, ids []int64) { db.Where("id IN (?)", ids).Find(jobs) }

// A space after the parenthesis: GORM writes its own list in it.
func WhereInSpaced(db *gorm.DB, jobs *[]Job, ids []int64) { db.Where("id IN ( ?)", ids).Find(jobs) }

func CreateVar(db *gorm.DB, job *Job) { db.Create(job) }

func UpdatesUnknownZero(db *gorm.DB, status string) {
	db.Model(&Job{}).Where("id = ?", 1).Updates(Job{Status: status})
}

func UpdatesSkipsZero(db *gorm.DB) {
	db.Model(&Job{}).Where("id = ?", 1).Updates(Job{Status: "", Attempts: 1})
}

func CreateFresh(db *gorm.DB, queue string) {
	job := Job{Queue: queue, Status: "queued"}
	db.Create(&job)
}

func CreateFreshPointer(db *gorm.DB, queue string) {
	job := &Job{Queue: queue, Status: "queued"}
	db.Create(job)
}

func CreateChanged(db *gorm.DB, queue string) {
	job := Job{Queue: queue}
	job.Status = "queued"
	db.Create(&job)
}

func SaveStamped(db *gorm.DB, row *Stamped) { db.Save(row) }

func NoLimit(db *gorm.DB, jobs *[]Job) {
	db.Where("status = ?", "queued").Limit(-1).Offset(0).Find(jobs)
}

// Repo is a repository whose table its constructor's caller chooses (in
// another package, with a constant or a flag): the table is the field's
// placeholder, as where raw SQL splices the field in.
type Repo struct {
	db    *gorm.DB
	table string
}

func NewRepo(db *gorm.DB, table string) *Repo { return &Repo{db: db, table: table} }

func (r *Repo) PollRepoTable() {
	var jobs []Job
	r.db.Table(r.table).Where("status = ?", "queued").Order("id").Limit(10).
		Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).Find(&jobs)
}

func (r *Repo) MarkRepoRunning(job *Job) {
	r.db.Table(r.table).Model(job).Update("status", "running")
}

func FirstInline(db *gorm.DB) {
	var job Job
	db.First(&job, "status = ?", "queued")
}

func FirstInlineAfterWhere(db *gorm.DB) {
	var job Job
	db.Where("queue = ?", "q").First(&job, "status = ? OR status = ?", "queued", "retry")
}

func FirstByKey(db *gorm.DB) {
	var job Job
	db.First(&job, 10)
}

func TakeInline(db *gorm.DB) {
	var job Job
	db.Take(&job, "status = ?", "queued")
}

func FindInlineList(db *gorm.DB, jobs *[]Job) { db.Find(jobs, "id IN ?", []int64{1, 2}) }

func FindInlineStruct(db *gorm.DB, jobs *[]Job) { db.Find(jobs, Job{Status: "queued"}) }

func FindInlineVar(db *gorm.DB, jobs *[]Job, cond string) { db.Find(jobs, cond) }

func FindInlineNumberText(db *gorm.DB, jobs *[]Job) { db.Find(jobs, "10") }

func RawFirst(db *gorm.DB) {
	var job Job
	db.Raw("SELECT * FROM jobs WHERE status = ? LIMIT 1 FOR UPDATE SKIP LOCKED", "queued").First(&job)
}

func CreateRow(db *gorm.DB) { db.Create(&[]Job{{Queue: "a", Status: "queued"}}) }

func CreateRows(db *gorm.DB) { db.Create([]*Job{{Queue: "a", Status: "queued"}, {Queue: "b"}}) }

func CreateRowsKeyed(db *gorm.DB) { db.Create(&[]Job{{ID: 1, Queue: "a"}, {Queue: "b"}}) }

func CreateMapModel(db *gorm.DB) {
	db.Model(&Job{}).Create(map[string]any{"status": "queued", "queue": "a"})
}

func CreateMapTable(db *gorm.DB) {
	db.Table("jobs").Create(map[string]any{"status": "queued", "queue": "a"})
}

// Event's key is a string, which GORM writes whether set or not.
type Event struct {
	ID     string `gorm:"primaryKey"`
	Status string
}

func CreateEvent(db *gorm.DB, e *Event) { db.Create(e) }

func CreateEventSeen(db *gorm.DB) (*Event, error) {
	e := &Event{ID: newID(), Status: "pending"}
	return e, db.Create(e).Error
}

func newID() string { return "x" }

func FirstReturned(db *gorm.DB, id int64) (*Job, error) {
	var job Job
	return &job, db.First(&job, "id = ?", id).Error
}

func FirstReturnedBefore(db *gorm.DB, id int64) *Job {
	var job Job
	use(&job)
	db.First(&job, "id = ?", id)
	return &job
}

func use(*Job) {}

func CreateReturned(db *gorm.DB) (*Job, error) {
	job := &Job{Queue: "a"}
	return job, db.Create(job).Error
}

// NoKey has no primary key for a number to name.
type NoKey struct {
	Name string
}

func FindKeyWithoutOne(db *gorm.DB) {
	var rows []NoKey
	db.Find(&rows, 3)
}

func CreateMapNoTable(db *gorm.DB) { db.Create(map[string]any{"status": "queued"}) }

func RawFirstInline(db *gorm.DB) {
	var job Job
	db.Raw("SELECT * FROM jobs").First(&job, "id = ?", 1)
}

// TableUpdates names its table and its columns: no model is needed.
func TableUpdates(db *gorm.DB, id int64) {
	db.Table("jobs").Where("id = ?", id).Updates(map[string]any{"status": "queued", "attempts": gorm.Expr("attempts + 1"), "locked_until": nil})
}

func TableUpdate(db *gorm.DB, id int64) {
	db.Table("jobs").Where("id = ? AND status = ?", id, "running").Update("status", "done")
}

// TableUpdatesStruct: the struct's type would be GORM's model.
func TableUpdatesStruct(db *gorm.DB, id int64) {
	db.Table("jobs").Where("id = ?", id).Updates(&Job{Status: "done"})
}

type txKey struct{}

// handle is the context's transaction, or else the pool.
func handle(ctx context.Context, db *gorm.DB) *gorm.DB {
	if tx, ok := ctx.Value(txKey{}).(*gorm.DB); ok {
		return tx
	}
	return db.WithContext(ctx)
}

func UpdateThroughGetter(ctx context.Context, db *gorm.DB, id int64) {
	handle(ctx, db).Table("jobs").Where("id = ?", id).Update("status", "done")
}

// scoped adds a condition: what it returns is not the bare handle.
func scoped(db *gorm.DB) *gorm.DB { return db.Where("queue = ?", "mail") }

func UpdateThroughScope(db *gorm.DB, id int64) {
	scoped(db).Table("jobs").Where("id = ?", id).Update("status", "done")
}

// JobKey is bound as one value: its Value method makes it a driver.Valuer.
type JobKey [16]byte

func (k JobKey) Value() (driver.Value, error) { return k[:], nil }

func FindByKey(db *gorm.DB, key JobKey) {
	var job Job
	db.Table("jobs").Where("key = ?", key).Find(&job)
}

// An idempotent enqueue: a duplicate key inserts nothing.
func CreateOnce(db *gorm.DB) {
	db.Clauses(clause.OnConflict{DoNothing: true}).Create(&Job{Queue: "mail", Status: "queued"})
}

func CreateOnceByKey(db *gorm.DB) {
	db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "queue"}}, DoNothing: true}).Create(&Job{Queue: "mail", Status: "queued"})
}

func CreateOrUpdate(db *gorm.DB) {
	db.Clauses(clause.OnConflict{UpdateAll: true}).Create(&Job{Queue: "mail", Status: "queued"})
}

func FindOnConflict(db *gorm.DB, jobs *[]Job) {
	db.Clauses(clause.OnConflict{DoNothing: true}).Where("status = ?", "queued").Find(jobs)
}

// A queue whose model names its states' defaults, as queues write them:
// GORM binds the default in place of a zero field on Create.
type Delivery struct {
	ID       int64
	Status   string `gorm:"default:pending"`
	Attempts int    `gorm:"not null;default:0"`
	RunAt    time.Time
}

func EnqueueDelivery(db *gorm.DB) { db.Create(&Delivery{RunAt: time.Now()}) }

func EnqueueDeliveryState(db *gorm.DB, state string) {
	db.Create(&Delivery{Status: state, RunAt: time.Now()})
}

// A default the database computes: GORM leaves the column out when zero
// and reads it back with RETURNING.
type Stamp struct {
	ID    int64
	RunAt time.Time `gorm:"default:now()"`
}

func CreateStamp(db *gorm.DB) { db.Create(&Stamp{}) }

func SaveDelivery(db *gorm.DB, d *Delivery) { db.Save(d) }

// A []byte of a named type is one value, not a list.
func WherePayload(db *gorm.DB, jobs *[]Job, payload json.RawMessage) {
	db.Where("payload = ?", payload).Find(jobs)
}

// StartIfIdle is a row's own method: GORM adds the receiver's key to its
// condition (a compare-and-set of this row).
func (job *Job) StartIfIdle(db *gorm.DB) {
	db.Model(job).Where("status = ?", "queued").Updates(map[string]interface{}{"status": "running", "attempts": gorm.Expr("attempts + 1")})
}

// FinishIfRunning deletes the row it is a method of, while still running.
func (job *Job) FinishIfRunning(db *gorm.DB) {
	db.Where("status = ?", "running").Delete(job)
}

// Retarget reassigns its receiver before the write: the key is not known.
func (job *Job) Retarget(db *gorm.DB, other *Job) {
	job = other
	db.Model(job).Where("status = ?", "queued").Update("status", "running")
}

// PollV1Lock asks for a lock the way GORM v1 did: GORM v2 keeps the
// setting for hooks and sends no FOR UPDATE.
func PollV1Lock(db *gorm.DB, jobs *[]Job) {
	db.Set("gorm:query_option", "FOR UPDATE SKIP LOCKED").Model(&Job{}).Where("status = ?", "queued").Order("id").Limit(1).Find(jobs)
}

// UpsertTrackTime sets a key GORM v2 reads when it builds an upsert.
func UpsertTrackTime(db *gorm.DB, jobs *[]Job) {
	db.Set("gorm:update_track_time", true).Model(&Job{}).Where("status = ?", "queued").Find(jobs)
}

// SetGivenKey sets a key its caller names, which may be one GORM reads.
func SetGivenKey(db *gorm.DB, key string, jobs *[]Job) {
	db.Set(key, true).Model(&Job{}).Where("status = ?", "queued").Find(jobs)
}
