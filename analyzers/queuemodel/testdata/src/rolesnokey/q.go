package rolesnokey // want package:"queues\\(public.jobs\\)"

// A queue whose schema declares no key: the statements that name a job
// by id are taken at their word.

import (
	"context"
	"database/sql"
)

func Next(ctx context.Context, db *sql.DB) (id int64, err error) { // want Next:"claims jobs"
	err = db.QueryRowContext(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1`).Scan(&id)
	return id, err
}

func Take(ctx context.Context, db *sql.DB, id int64) (bool, error) { // want Take:"claims jobs"
	res, err := db.ExecContext(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1 AND status = 'queued'`, id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func Retry(ctx context.Context, db *sql.DB, id int64) error { // want Retry:"fails jobs, writes outcomes"
	_, err := db.ExecContext(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1 AND status = 'running'`, id)
	return err
}
