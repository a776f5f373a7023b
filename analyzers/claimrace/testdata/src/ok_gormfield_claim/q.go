// A GORM store on a pool it opens into its field, whose claim locks the
// oldest queued job with SKIP LOCKED and moves it to running in one
// Transaction: the lock holds until the row is taken.
package ok_gormfield_claim

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
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
	return &Store{db: db}, nil
}

func (s *Store) Enqueue(ctx context.Context) error {
	return s.db.WithContext(ctx).Create(&Job{Status: "queued", RunAt: time.Now()}).Error
}

func (s *Store) Claim(ctx context.Context) (*Job, error) {
	var job Job
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
			Where("status = ?", "queued").Order("run_at").First(&job).Error; err != nil {
			return err
		}
		return tx.Model(&job).Update("status", "running").Error
	})
	if err != nil {
		return nil, err
	}
	return &job, nil
}

func (s *Store) Finish(ctx context.Context, id int64) error {
	return s.db.WithContext(ctx).Model(&Job{}).Where("id = ? AND status = ?", id, "running").Update("status", "done").Error
}
