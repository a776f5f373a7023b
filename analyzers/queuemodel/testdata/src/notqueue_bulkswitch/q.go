// Campaigns switch on when their start time comes and are stopped by key.
// The switch hands no rows to the code: nothing is taken to run.
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
