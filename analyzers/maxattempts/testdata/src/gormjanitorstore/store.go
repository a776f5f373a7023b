// A GORM store whose claim takes a lease (locked_at) and counts nothing;
// ListStuck lists the running jobs whose lease is older than a cutoff,
// into the destination it returns, and Release puts one back by key.
package gormjanitorstore

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type Job struct {
	ID       uint
	Queue    string
	Status   string
	Attempts int
	LockedAt *time.Time
}

type Store struct{ db *gorm.DB }

func New(db *gorm.DB) *Store { return &Store{db: db} }

func (s *Store) Enqueue(ctx context.Context, queue string) error {
	return s.db.WithContext(ctx).Create(&Job{Queue: queue, Status: "queued"}).Error
}

func (s *Store) Claim(ctx context.Context) (*Job, error) {
	var job Job
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("status = ?", "queued").Order("id").
			Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).First(&job).Error; err != nil {
			return err
		}
		return tx.Model(&job).Updates(map[string]any{"status": "running", "locked_at": time.Now()}).Error
	})
	return &job, err
}

func (s *Store) Complete(ctx context.Context, id uint) error {
	return s.db.WithContext(ctx).Model(&Job{}).Where("id = ?", id).Update("status", "done").Error
}

func (s *Store) Fail(ctx context.Context, id uint) error {
	return s.db.WithContext(ctx).Model(&Job{}).Where("id = ?", id).Update("status", "failed").Error
}

func (s *Store) ListStuck(ctx context.Context, stale time.Duration) ([]Job, error) {
	var jobs []Job
	cutoff := time.Now().Add(-stale)
	if err := s.db.WithContext(ctx).Where("status = ?", "running").Where("locked_at < ?", cutoff).Find(&jobs).Error; err != nil {
		return nil, err
	}
	return jobs, nil
}

func (s *Store) ListFailed(ctx context.Context) ([]Job, error) {
	var jobs []Job
	if err := s.db.WithContext(ctx).Where("status = ?", "failed").Find(&jobs).Error; err != nil {
		return nil, err
	}
	return jobs, nil
}

func (s *Store) Release(ctx context.Context, id uint) error { // want Release:"retries\\(store.go:68\\)"
	return s.db.WithContext(ctx).Model(&Job{}).Where("id = ?", id).
		Updates(map[string]any{"status": "queued", "locked_at": nil}).Error
}
