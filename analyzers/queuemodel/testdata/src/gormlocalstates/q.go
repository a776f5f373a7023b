package gormlocalstates // want package:"queues\\(public.jobs\\)"

import (
	"context"

	"gorm.io/gorm"
)

// A GORM store whose unexported helper writes the state its callers in
// this package give: the statement is read once per state.
type Status string

const (
	Queued  Status = "queued"
	Running Status = "running"
	Done    Status = "done"
)

type Job struct {
	ID     int64
	Status Status
}

type Store struct{ db *gorm.DB }

func (s *Store) setStatus(ctx context.Context, id int64, st Status) error { // want setStatus:"claims jobs, completes jobs"
	return s.db.WithContext(ctx).Model(&Job{}).Where("id = ?", id).Update("status", st).Error
}

func (s *Store) Enqueue(ctx context.Context) error {
	return s.db.WithContext(ctx).Create(&Job{Status: Queued}).Error
}

func (s *Store) Claim(ctx context.Context) (*Job, error) { // want Claim:"claims jobs, completes jobs"
	var job Job
	if err := s.db.WithContext(ctx).Where("status = ?", Queued).Order("id").First(&job).Error; err != nil {
		return nil, err
	}
	if err := s.setStatus(ctx, job.ID, Running); err != nil {
		return nil, err
	}
	return &job, nil
}

func (s *Store) Finish(ctx context.Context, id int64) error { // want Finish:"claims jobs, completes jobs"
	return s.setStatus(ctx, id, Done)
}
