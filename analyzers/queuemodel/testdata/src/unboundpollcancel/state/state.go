// Package state names the states of a task, as typed constants.
package state

type Status string

const (
	Pending   Status = "pending"
	Scheduled Status = "scheduled"
	Running   Status = "running"
	Completed Status = "completed"
	Failed    Status = "failed"
	Paused    Status = "paused"
	Cancelled Status = "cancelled"
)
