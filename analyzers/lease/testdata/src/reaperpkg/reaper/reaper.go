// Package reaper puts jobs back in the queue on startup.
package reaper

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"

	"reaperpkg"
)

func Reset(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, fmt.Sprintf(`UPDATE %s SET status = 'queued', locked_until = NULL WHERE status = 'running'`, reaperpkg.Table))
	return err
}
