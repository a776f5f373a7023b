package models

type JobStatus string

const (
	StatusPending    JobStatus = "pending"
	StatusProcessing JobStatus = "processing"
	StatusCompleted  JobStatus = "completed"
	StatusFailed     JobStatus = "failed"
)

type Job struct {
	ID         int64
	Type       string
	Payload    []byte
	Status     JobStatus
	RetryCount int
	MaxRetries int
}
