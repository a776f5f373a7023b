package accept_unknown_pred

import (
	"context"

	"github.com/jackc/pgx/v5"
)

const claimSQL = `UPDATE jobs SET status = 'running'
	WHERE id = (SELECT id FROM jobs WHERE status = 'queued' AND run_at <= now() ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
	RETURNING id`

func Claim(ctx context.Context, conn *pgx.Conn) (id int64, err error) {
	err = conn.QueryRow(ctx, claimSQL).Scan(&id)
	return id, err
}
