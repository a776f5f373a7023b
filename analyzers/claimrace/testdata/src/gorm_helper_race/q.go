// The seed's race written the way a large GORM application writes it:
// the repository starts each chain in a helper that gives the context and
// the model, a filter adds the condition, and a scope orders the poll.
// The SELECT takes no lock: two workers read the same job.
package gorm_helper_race

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

type Repo struct{ DB *gorm.DB }

func (r *Repo) db(ctx context.Context) *gorm.DB { return r.DB.WithContext(ctx).Model(&Job{}) }

func queued(q *gorm.DB) *gorm.DB { return q.Where("status = ?", "queued") }

func Oldest(q *gorm.DB) *gorm.DB { return q.Order("run_at") }

func (r *Repo) Claim(ctx context.Context) (*Job, error) {
	var job Job
	if err := queued(r.db(ctx)).Scopes(Oldest).First(&job).Error; err != nil { // want `two workers can claim the same job`
		return nil, err
	}
	if err := r.db(ctx).Where("id = ?", job.ID).Update("status", "running").Error; err != nil {
		return nil, err
	}
	return &job, nil
}
