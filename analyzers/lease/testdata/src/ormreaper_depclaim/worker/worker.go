// Package worker takes jobs of the queue's table itself.
package worker

import (
	"context"

	"github.com/go-pg/pg/v10"

	"ormreaper_depclaim"
)

func Take(ctx context.Context, db *pg.DB) (*ormreaper_depclaim.Job, error) {
	var job ormreaper_depclaim.Job
	_, err := db.ModelContext(ctx, &job). // want `this claim moves the job to 'processing' and writes no lease deadline`
						Set(`"status" = ?`, ormreaper_depclaim.Processing).
						Where(`"job_id" = (?)`,
			db.Model(new(ormreaper_depclaim.Job)).
				Column("job_id").
				Where(`"status" = ?`, ormreaper_depclaim.Pending).
				Order("job_id ASC").
				For("UPDATE SKIP LOCKED").
				Limit(1)).
		Returning("*").
		Update(&job)
	if err != nil {
		return nil, err
	}
	return &job, nil
}
