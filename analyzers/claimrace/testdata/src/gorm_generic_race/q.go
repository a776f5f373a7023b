// The seed's race written with GORM's generic API: an unlocked First, then
// an Update of the row it found by its key.
package gorm_generic_race

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

func Claim(ctx context.Context, db *gorm.DB) (*Job, error) {
	job, err := gorm.G[Job](db).Where("status = ?", "queued").Order("run_at").First(ctx) // want `two workers can claim the same job\nboth run this SELECT before either UPDATE commits`
	if err != nil {
		return nil, err
	}
	if _, err := gorm.G[Job](db).Where("id = ?", job.ID).Update(ctx, "status", "running"); err != nil {
		return nil, err
	}
	return &job, nil
}
