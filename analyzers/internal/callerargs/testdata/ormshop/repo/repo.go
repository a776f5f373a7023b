package repo

import "gorm.io/gorm"

type Status string

const (
	Running Status = "running"
	Done    Status = "done"
)

type Task struct {
	ID     int64
	Status Status
}

type Repo struct{ db *gorm.DB }
