// Package sweep deletes finished jobs once they are old.
package sweep

import (
	"context"
	"time"

	"github.com/go-pg/pg/v10"

	"ormreaper_other"
)

func Sweep(ctx context.Context, db *pg.DB) error {
	_, err := db.ModelContext(ctx, new(ormreaper_other.Job)).
		Where(`"status" = ?`, ormreaper_other.Completed).
		Where(`"completed_at" < ?`, time.Now().Add(-24*time.Hour)).
		Delete()
	return err
}

// Stalled only counts the jobs in progress for an hour: a whole statement,
// read as one, that takes nothing back.
func Stalled(ctx context.Context, db *pg.DB) error {
	_, err := db.ExecContext(ctx, `SELECT count(*) FROM jobs WHERE status = 'processing' AND started_at < now() - interval '1 hour'`)
	return err
}
