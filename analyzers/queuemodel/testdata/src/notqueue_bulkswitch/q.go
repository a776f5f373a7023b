// Campaigns switch on when their start time comes and end by key. The
// switch hands no rows to the code: nothing is taken to run, whether the
// state is a flag or a status.
package notqueue_bulkswitch

import (
	"context"
	"database/sql"
	"time"
)

func Plan(ctx context.Context, db *sql.DB, name string, at time.Time) error {
	_, err := db.ExecContext(ctx, `INSERT INTO campaigns (name, starts_at) VALUES ($1, $2)`, name, at)
	return err
}

func StartDue(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `UPDATE campaigns SET running = true WHERE starts_at <= now() AND NOT running`)
	return err
}

func Stop(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `UPDATE campaigns SET running = false WHERE id = $1`, id)
	return err
}

func PlanPromotion(ctx context.Context, db *sql.DB, name string, at time.Time) error {
	_, err := db.ExecContext(ctx, `INSERT INTO promotions (name, status, starts_at) VALUES ($1, 'scheduled', $2)`, name, at)
	return err
}

func StartDuePromotions(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `UPDATE promotions SET status = 'running' WHERE status = 'scheduled' AND starts_at <= now()`)
	return err
}

func EndPromotion(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `UPDATE promotions SET status = 'finished' WHERE id = $1`, id)
	return err
}
