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
