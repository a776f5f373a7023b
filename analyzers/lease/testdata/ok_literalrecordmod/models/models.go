// Package models holds a task record and its states.
package models

type Status string

const (
	StatusPending    Status = "pending"
	StatusProcessing Status = "processing"
	StatusDone       Status = "done"
	StatusFailed     Status = "failed"
)

type Task struct {
	ID     int64  `db:"id"`
	Kind   string `db:"kind"`
	Status Status `db:"status"`
}
