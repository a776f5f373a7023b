// Package popcases holds one pop call per function, each named after a
// case of the ormsql test that renders the same call with the real pop.
package popcases

import (
	"context"
	"time"

	"github.com/gobuffalo/pop/v6"

	"popcases/models"
	"popcases/store"
)

type Job struct {
	ID        int       `db:"id"`
	Status    string    `db:"status"`
	RunAt     time.Time `db:"run_at"`
	Attempts  int       `db:"attempts" rw:"r"`
	CreatedAt time.Time `db:"created_at"`
	UpdatedAt time.Time `db:"updated_at"`
	Note      string    `db:"-"`
}

// Task's table is named by its TableName method.
type Task struct {
	ID    int    `db:"id"`
	State string `db:"state"`
}

func (Task) TableName() string { return "work_items" } // want TableName:"table name work_items"

// CourierMessage names its table with the context form, as Kratos does.
type CourierMessage struct {
	ID     string `db:"id"`
	Status int    `db:"status"`
	Body   string `db:"body"`
}

func (CourierMessage) TableName(ctx context.Context) string { return "courier_messages" } // want TableName:"table name courier_messages"

// Person's table is pop's plural of its name.
type Person struct {
	ID   int    `db:"id"`
	Name string `db:"name"`
	Nick string // no tag: the column is the field's name
}

type Timestamps struct {
	CreatedAt time.Time `db:"created_at"`
	UpdatedAt time.Time `db:"updated_at"`
}

// OutboxEvent embeds its timestamps.
type OutboxEvent struct {
	ID      int    `db:"id"`
	Topic   string `db:"topic"`
	Payload string `db:"payload"`
	Timestamps
}

func AllWhere(c *pop.Connection) error {
	var jobs []Job
	return c.Where("status = ?", "queued").Order("run_at").Limit(10).All(&jobs)
}

func FirstChained(c *pop.Connection, s string) (Job, error) {
	var j Job
	q := c.Where("status = ? AND run_at <= now()", s)
	q = q.Order("run_at ASC")
	err := q.First(&j)
	return j, err
}

func LastWhere(c *pop.Connection) error {
	var j Job
	return c.Where("status = ?", "done").Last(&j)
}

func FindPerson(c *pop.Connection) error {
	var p Person
	return c.Find(&p, 7)
}

func QTableName(c *pop.Connection) error {
	var ts []Task
	return c.Q().Where("state = ?", "ready").Where("id > ?", 3).All(&ts)
}

func PopQContext(c *pop.Connection) error {
	var ms []CourierMessage
	return pop.Q(c).Where("status = ?", 1).Order("created_at ASC").All(&ms)
}

func PointerSlice(c *pop.Connection) error {
	var es []*OutboxEvent
	return c.All(&es)
}

func RawExec(c *pop.Connection) error {
	return c.RawQuery("UPDATE jobs SET status = ? WHERE id = ? AND status = ?", "running", 1, "queued").Exec()
}

func RawFirst(c *pop.Connection) error {
	var j Job
	return c.RawQuery("SELECT * FROM jobs WHERE status = ? ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED", "queued").First(&j)
}

func Update(c *pop.Connection, j *Job) error { return c.Update(j) }

func UpdateExcluding(c *pop.Connection, j *Job) error { return c.Update(j, "run_at") }

func UpdateColumns(c *pop.Connection, j *Job) error {
	return c.UpdateColumns(j, "status", "updated_at")
}

func UpdateAllColumns(c *pop.Connection, e *OutboxEvent) error { return c.UpdateColumns(e) }

func Create(c *pop.Connection, j *Job) error { return c.Create(j) }

// ValidateAndCreate and ValidateAndUpdate send what Create and Update send
// once the model's validations pass.
func ValidateAndCreate(c *pop.Connection, j *Job) error {
	_, err := c.ValidateAndCreate(j)
	return err
}

func ValidateAndUpdate(c *pop.Connection, j *Job) error {
	_, err := c.ValidateAndUpdate(j, "run_at")
	return err
}

func CreateStringID(c *pop.Connection, m *CourierMessage) error { return c.Create(m) }

func CreateEmbedded(c *pop.Connection, e *OutboxEvent) error { return c.Create(e) }

func Destroy(c *pop.Connection, p *Person) error { return c.Destroy(p) }

func OtherPackageModel(c *pop.Connection) error {
	var ms []models.Message
	return c.Where("status = ?", 1).Order("created_at ASC").All(&ms)
}

// BranchLate adds a clause on some paths only (q = q.Where(...) under an
// if): the call sends one statement or the other.
func BranchLate(c *pop.Connection, late bool) error {
	var jobs []Job
	q := c.Where("status = ?", "queued")
	if late {
		q = q.Where("run_at < now()")
	}
	return q.Order("run_at").Limit(10).All(&jobs)
}

// BranchCockroachOnly adds a clause only when the dialect is CockroachDB,
// as Kratos's courier poll does: on PostgreSQL the call sends the other.
func BranchCockroachOnly(c *pop.Connection) error {
	var jobs []Job
	q := c.Where("status = ?", "queued")
	if c.Dialect.Name() == "cockroach" {
		q = q.Where("created_at < now()")
	}
	return q.Order("created_at ASC").Limit(10).All(&jobs)
}

// HelperNamed and HelperAll write a model through the application's own
// helper on pop's model API: the named columns, or every writeable one.
func HelperNamed(ctx context.Context, c *pop.Connection, j *Job) error {
	return store.SaveColumns(ctx, c, j, "status")
}

func HelperAll(ctx context.Context, c *pop.Connection, j *Job) error {
	return store.SaveColumns(ctx, c, j)
}

// NotHelperTouch and NotHelperMark call functions that send SQL the
// reader does not read as a model write (two statements; a value of their
// own spliced in): no statement is made up for them.
func NotHelperTouch(ctx context.Context, c *pop.Connection, j *Job) error {
	return store.Touch(ctx, c, j)
}

func NotHelperMark(ctx context.Context, c *pop.Connection, j *Job) error {
	return store.Mark(ctx, c, j, "done")
}

// HelperBound sets the column's field before the helper writes it: the
// parameter is bound to that constant. HelperBoundOnce sets it on one
// path only: the parameter's value is out of sight.
func HelperBound(ctx context.Context, c *pop.Connection, jobs []Job) error {
	for i := range jobs {
		j := &jobs[i]
		j.Status = "running"
		if err := store.SaveColumns(ctx, c, j, "status"); err != nil {
			return err
		}
	}
	return nil
}

func HelperBoundOnce(ctx context.Context, c *pop.Connection, jobs []Job, first bool) error {
	j := &jobs[0]
	if first {
		j.Status = "running"
	}
	return store.SaveColumns(ctx, c, j, "status")
}
