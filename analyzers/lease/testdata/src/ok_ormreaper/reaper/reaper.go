// Package reaper puts jobs whose worker died back in the queue.
package reaper

import (
	"context"
	"time"

	"github.com/go-pg/pg/v10"

	"ok_ormreaper"
)

func Recover(ctx context.Context, db *pg.DB) error {
	cutoff := time.Now().Add(-10 * time.Minute)
	_, err := db.ModelContext(ctx, new(ok_ormreaper.Job)).
		Set(`"status" = ?`, ok_ormreaper.Pending).
		Set(`"started_at" = NULL`).
		Where(`"job_id" IN (?)`,
			db.Model(new(ok_ormreaper.Job)).
				Column("job_id").
				Where(`"status" = ?`, ok_ormreaper.Processing).
				Where(`"started_at" < ?`, cutoff).
				For("UPDATE SKIP LOCKED")).
		Update()
	return err
}
