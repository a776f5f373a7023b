// Package janitor puts back what dead workers left behind.
package janitor

import (
	"context"
	"database/sql"
	"time"
)

func Run(ctx context.Context, db *sql.DB) {
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			db.ExecContext(ctx, `UPDATE jobs SET status = 'queued', locked_until = NULL WHERE status = 'running' AND locked_until < now()`)
		}
	}
}
