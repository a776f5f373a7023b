package rolesrefresh // want package:"queues\\(public.jobs\\)"

// Failed jobs are runnable again, and workers take a job with a
// compare-and-set; an operator's refresh takes a failed
// job, or a pending one left untouched for an hour, back to pending. Its
// WHERE re-takes pending rows once a deadline passed, as a claim that
// re-takes expired claims does, but jobs are created in pending: it
// claims nothing.

import (
	"context"
	"database/sql"
)

func Enqueue(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `INSERT INTO jobs (status) VALUES ('pending')`)
	return err
}

func Next(ctx context.Context, db *sql.DB) (id int64, err error) { // want Next:"claims jobs"
	err = db.QueryRowContext(ctx, `SELECT id FROM jobs WHERE status IN ('pending', 'failed') ORDER BY id LIMIT 1`).Scan(&id)
	return id, err
}

func Take(ctx context.Context, db *sql.DB, id int64) (bool, error) { // want Take:"claims jobs"
	res, err := db.ExecContext(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1 AND status IN ('pending', 'failed')`, id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func Refresh(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `UPDATE jobs SET status = 'pending', updated_at = now()
		WHERE id = $1 AND (status = 'failed' OR (status = 'pending' AND updated_at < now() - interval '1 hour'))`, id)
	return err
}
