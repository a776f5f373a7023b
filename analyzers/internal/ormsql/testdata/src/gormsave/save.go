// Package gormsave holds GORM Save calls of models that embed gorm.Model
// (soft delete, timestamps); the test runs them through the real GORM and
// compares with what the reader rebuilds.
package gormsave

import (
	"time"

	"gorm.io/gorm"
)

type Task struct {
	gorm.Model
	Queue    string
	Status   string
	Attempts int
	RunAt    time.Time
}

type Note struct {
	ID        int64
	Body      string
	DeletedAt gorm.DeletedAt
}

func SaveTask(db *gorm.DB, t *Task) { db.Save(t) }

func SaveNote(db *gorm.DB, n *Note) { db.Save(n) }

// The status set right before Save is the value its UPDATE binds.
func SaveRunning(db *gorm.DB, t *Task) {
	t.Status = "running"
	t.Attempts++
	db.Save(t)
}

// A call given the task between the assignment and Save may change it.
func SaveAfterCall(db *gorm.DB, t *Task) {
	t.Status = "running"
	touch(t)
	db.Save(t)
}

// The latest assignment wins: here one the tool cannot tell.
func SaveOverwritten(db *gorm.DB, t *Task, status string) {
	t.Status = "running"
	t.Status = status
	db.Save(t)
}

func touch(t *Task) { t.Status = "failed" }

// Run is a queue row whose columns carry constant defaults, as AutoMigrate
// models write them: Save writes every column whatever its tags say.
type Run struct {
	ID        string `gorm:"primaryKey;size:36"`
	Kind      string `gorm:"index;not null"`
	Queue     string `gorm:"size:64;default:'default'"`
	State     string `gorm:"index;default:'queued'"`
	Tries     int    `gorm:"default:0"`
	LeaseTill *time.Time
	UpdatedAt time.Time `gorm:"autoUpdateTime"`
}

func SaveRun(db *gorm.DB, r *Run) { db.Save(r) }

// A key the database fills in (a default on the primary key) leaves Save
// unread: whether GORM inserts or updates depends on a value out of sight.
type Ticket struct {
	ID    string `gorm:"primaryKey;default:gen_random_uuid()"`
	State string
}

func SaveTicket(db *gorm.DB, t *Ticket) { db.Save(t) }
