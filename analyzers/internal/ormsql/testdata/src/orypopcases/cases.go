// Package orypopcases is popcases on ory's fork of pop: one call per
// function, each named after a case of the orypop module's test, which
// renders the same call with the fork.
package orypopcases

import (
	"context"
	"time"

	"github.com/ory/pop/v6"

	"orypopcases/models"
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
