// The queue of intstates with the attempt spent by the claim and the
// reaper failing jobs that have none left: the states are bound from Go
// constants, the reaper's deadline computed in Go.
package ok_intstates

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Status int

const (
	StatusQueued Status = iota + 1
	StatusRunning
	StatusDone
	StatusFailed
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = $1, attempts_left = attempts_left - 1, heartbeat_at = now()
		WHERE id = (SELECT id FROM jobs WHERE status = $2 AND attempts_left > 0 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, StatusRunning, StatusQueued).Scan(&id)
	return id, err
}

func Complete(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = $2 WHERE id = $1 AND status = $3`, id, StatusDone, StatusRunning)
	return err
}

func Reap(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = CASE WHEN attempts_left > 0 THEN $1::int ELSE $2::int END
		WHERE status = $3 AND heartbeat_at < $4`,
		StatusQueued, StatusFailed, StatusRunning, time.Now().Add(-5*time.Minute))
	return err
}
