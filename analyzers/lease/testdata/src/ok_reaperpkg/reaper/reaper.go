// Package reaper puts jobs whose lease expired back in the queue.
package reaper

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"

	"ok_reaperpkg"
)

func Reap(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, fmt.Sprintf(`UPDATE %s SET status = 'queued', locked_until = NULL WHERE status = 'running' AND locked_until < now()`, ok_reaperpkg.Table))
	return err
}
