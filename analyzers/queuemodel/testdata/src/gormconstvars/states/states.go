// Package states names the job states with exported package variables.
package states

type Status string

var (
	Queued  Status = "queued"
	Running Status = "running"
	Done    Status = "done"
)
