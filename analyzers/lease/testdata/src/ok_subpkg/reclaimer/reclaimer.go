package reclaimer

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

const rescue = `UPDATE jobs SET status = 'queued' WHERE status = 'running' AND heartbeat_at < $1`

func Rescue(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, rescue, time.Now().Add(-time.Minute))
	return err
}
