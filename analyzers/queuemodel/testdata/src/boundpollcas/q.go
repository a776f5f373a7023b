package boundpollcas // want package:"queues\\(public.jobs\\)"

// The poll names the state it takes jobs from: only 'pending' is
// runnable, though the take also accepts a job an operator held.

import (
	"context"
	"database/sql"
)

func Next(ctx context.Context, db *sql.DB) (int64, bool, error) { // want Next:"claims jobs"
	var id int64
	if err := db.QueryRowContext(ctx, `SELECT id FROM jobs WHERE status = 'pending' ORDER BY run_at LIMIT 1`).Scan(&id); err != nil {
		return 0, false, err
	}
	res, err := db.ExecContext(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1 AND status IN ('pending', 'held')`, id)
	if err != nil {
		return 0, false, err
	}
	n, err := res.RowsAffected()
	return id, n == 1, err
}

func Done(ctx context.Context, db *sql.DB, id int64) error { // want Done:"completes jobs, writes outcomes"
	_, err := db.ExecContext(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1 AND status = 'running'`, id)
	return err
}
