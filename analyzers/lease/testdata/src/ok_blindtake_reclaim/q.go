// The same consumer writes a lease deadline when it takes a job, and a
// sweeper puts jobs whose lease expired back.
package ok_blindtake_reclaim

import (
	"context"
	"database/sql"
)

func Execute(ctx context.Context, db *sql.DB, id int64, run func() error) {
	db.ExecContext(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes' WHERE id = $1`, id)
	if err := run(); err != nil {
		db.ExecContext(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id)
		return
	}
	db.ExecContext(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
}

func Sweep(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `UPDATE jobs SET status = 'pending', locked_until = NULL WHERE status = 'running' AND locked_until < now()`)
	return err
}
