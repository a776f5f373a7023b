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

// Email's key is filled by the database, as is one more column: Save of a
// row read before is the UPDATE of every column by key.
type Email struct {
	ID           string `gorm:"type:uuid;primaryKey;default:gen_random_uuid()"`
	Status       string `gorm:"default:'pending'"`
	Attempts     int
	ErrorMessage string
	CreatedAt    time.Time `gorm:"default:now()"`
}

// The row is read by First before the status is set and saved.
func SaveReadEmail(db *gorm.DB, id string) {
	var e Email
	if err := db.First(&e, "id = ?", id).Error; err != nil {
		return
	}
	e.Status = "processing"
	db.Save(&e)
}

// A value the caller gives may have no key yet: GORM would insert it.
func SaveGivenEmail(db *gorm.DB, e *Email) {
	e.Status = "processing"
	db.Save(e)
}

// Each row Find read is saved as taken, then as failed or retried on one
// branch each, or as sent: the first Save leaves the fields the code set.
func SaveEmailsLoop(db *gorm.DB, send func(Email) error) {
	var emails []Email
	if err := db.Where("status = ?", "pending").Find(&emails).Error; err != nil {
		return
	}
	for _, e := range emails {
		e.Status = "processing"
		db.Save(&e)
		if err := send(e); err != nil {
			e.Attempts++
			if e.Attempts >= 3 {
				e.Status = "failed"
				e.ErrorMessage = err.Error()
			} else {
				e.Status = "retrying"
			}
			db.Save(&e)
			continue
		}
		e.Status = "sent"
		db.Save(&e)
	}
}

// The address is kept in a struct, through which the status changes: what
// Save writes is out of sight.
func SaveThroughHolder(db *gorm.DB, t *Task) {
	t.Status = "running"
	h := holder{task: t}
	h.task.Status = "failed"
	db.Save(t)
}

type holder struct{ task *Task }

// Hooked's hook may change any field as GORM saves it.
type Hooked struct {
	ID     int64
	Status string
}

func (h *Hooked) BeforeSave(*gorm.DB) error { h.Status = "queued"; return nil }

func SaveHooked(db *gorm.DB, h *Hooked) {
	h.Status = "running"
	db.Save(h)
}
