package backfill

import (
	"context"
	"database/sql"
)

const claim = `UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = now() + interval '30 minutes'
	WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
	RETURNING id, payload`

func Claim(ctx context.Context, db *sql.DB) (id int64, payload []byte, err error) {
	err = db.QueryRowContext(ctx, claim).Scan(&id, &payload)
	return id, payload, err
}

func Done(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `UPDATE jobs SET status = 'done', locked_until = NULL WHERE id = $1 AND status = 'running'`, id)
	return err
}

func Reclaim(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `UPDATE jobs SET status = 'queued', locked_until = NULL WHERE status = 'running' AND locked_until < now()`) // want `and counts their attempts, but never compares them with a limit`
	return err
}
