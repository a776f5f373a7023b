// States coded as integers and bound from Go constants, the reaper's
// deadline computed in Go: no attempt is ever spent, so a job that kills
// its worker is taken back and run again for ever.
package intstates

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
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = $1, heartbeat_at = now()
		WHERE id = (SELECT id FROM jobs WHERE status = $2 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, StatusRunning, StatusQueued).Scan(&id)
	return id, err
}

func Complete(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = $2 WHERE id = $1 AND status = $3`, id, StatusDone, StatusRunning)
	return err
}

func Reap(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = $1 WHERE status = $2 AND heartbeat_at < $3`, // want `^this reclaim returns jobs whose lease expired to the queue without spending an attempt`
		StatusQueued, StatusRunning, time.Now().Add(-5*time.Minute))
	return err
}
