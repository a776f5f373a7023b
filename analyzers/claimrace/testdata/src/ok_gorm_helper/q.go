// The same helpers, with the claim's SELECT locking its row and skipping
// those other workers hold, in the transaction that marks it: one worker
// takes each job.
package ok_gorm_helper

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

type Repo struct{ DB *gorm.DB }

func jobs(ctx context.Context, q *gorm.DB) *gorm.DB { return q.WithContext(ctx).Model(&Job{}) }

func queued(q *gorm.DB) *gorm.DB { return q.Where("status = ?", "queued") }

func Oldest(q *gorm.DB) *gorm.DB { return q.Order("run_at") }

func SkipLocked(q *gorm.DB) *gorm.DB {
	return q.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"})
}

func (r *Repo) Claim(ctx context.Context) (*Job, error) {
	var job Job
	err := r.DB.Transaction(func(tx *gorm.DB) error {
		if err := queued(jobs(ctx, tx)).Scopes(Oldest, SkipLocked).First(&job).Error; err != nil {
			return err
		}
		return jobs(ctx, tx).Where("id = ?", job.ID).Update("status", "running").Error
	})
	return &job, err
}
