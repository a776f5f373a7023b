package models

type Status string

const (
	StatusPending Status = "pending"
	StatusHeld    Status = "held"
)

type Task struct {
	ID     int64
	Kind   string
	Status Status
	Owner  string
}

// Note is another type with a field of the same name.
type Note struct{ Status string }
