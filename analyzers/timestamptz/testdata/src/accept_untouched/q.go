package accept_untouched

import (
	"context"

	"github.com/jackc/pgx/v5"
)

func Claim(ctx context.Context, tx pgx.Tx) (id int64, err error) {
	err = tx.QueryRow(ctx, `UPDATE jobs SET status = 'running'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	if err != nil {
		return 0, err
	}
	_, err = tx.Exec(ctx, `INSERT INTO audit_log (job_id) VALUES ($1)`, id)
	return id, err
}
