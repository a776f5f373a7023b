// A SKIP LOCKED claim with GORM's generic API in one Transaction: the row
// lock holds until the Update commits.
package ok_gorm_generic_tx

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

func Claim(ctx context.Context, db *gorm.DB) (*Job, error) {
	var job Job
	err := db.Transaction(func(tx *gorm.DB) error {
		var err error
		job, err = gorm.G[Job](tx, clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
			Where("status = ?", "queued").Order("run_at").First(ctx)
		if err != nil {
			return err
		}
		_, err = gorm.G[Job](tx).Where("id = ?", job.ID).Update(ctx, "status", "running")
		return err
	})
	if err != nil {
		return nil, err
	}
	return &job, nil
}
