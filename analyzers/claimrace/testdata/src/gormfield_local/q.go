// A store that opens its own GORM pool into its field, and a worker of the
// same package that calls its unlocked poll, then its take.
package gormfield_local

import (
	"context"
	"time"

	"gorm.io/gorm"
)

type Job struct {
	ID     int64
	Status string
	RunAt  time.Time
}

type postgres struct{}

func (postgres) Name() string { return "postgres" }

type Store struct{ db *gorm.DB }

func Open() (*Store, error) {
	db, err := gorm.Open(postgres{}, &gorm.Config{})
	if err != nil {
		return nil, err
	}
	return &Store{db: db.Debug()}, nil
}

func (s *Store) Enqueue(ctx context.Context) error {
	return s.db.WithContext(ctx).Create(&Job{Status: "queued", RunAt: time.Now()}).Error
}

func (s *Store) next(ctx context.Context) (*Job, error) {
	var job Job
	err := s.db.WithContext(ctx).Where("status = ?", "queued").Order("run_at").Limit(1).Find(&job).Error
	return &job, err
}

func (s *Store) start(ctx context.Context, id int64) error {
	return s.db.WithContext(ctx).Model(&Job{}).Where("id = ?", id).Update("status", "running").Error
}

func (s *Store) Work(ctx context.Context, run func(*Job) error) error {
	job, err := s.next(ctx) // want `two workers can claim the same job`
	if err != nil {
		return err
	}
	if err := s.start(ctx, job.ID); err != nil {
		return err
	}
	return run(job)
}
