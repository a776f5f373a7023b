// Package report counts the jobs that look stuck, for a dashboard: it
// compares updated_at, and takes nothing back.
package report

import (
	"context"
	"database/sql"
	"time"
)

const olderThan = "updated_at < $1"

func Stuck(ctx context.Context, db *sql.DB, cutoff time.Time) (n int, err error) {
	err = db.QueryRowContext(ctx, "SELECT count(*) FROM jobs WHERE status = 'processing' AND "+olderThan, cutoff).Scan(&n)
	return n, err
}
