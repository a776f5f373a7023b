// The lease deadline comes from Go as a time.Time, bound through a slice
// of arguments that each branch builds with its own SQL (the deadline is
// $2 in one text, $3 in the other); a reclaimer returns expired leases.
package ok_timeargs

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool, queue, worker string, aging float64, lease time.Duration) (id int64, err error) {
	until := time.Now().Add(lease)
	query := ""
	var args []any
	if aging > 0 {
		query = `UPDATE jobs SET status = 'running', leased_until = $3, leased_by = $4
			WHERE id = (SELECT id FROM jobs WHERE status = 'queued' AND queue = $1 ORDER BY priority + age(enqueued_at) * $2 LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`
		args = []any{queue, aging, until, worker}
	} else {
		query = `UPDATE jobs SET status = 'running', leased_until = $2, leased_by = $3
			WHERE id = (SELECT id FROM jobs WHERE status = 'queued' AND queue = $1 ORDER BY priority LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`
		args = []any{queue, until, worker}
	}
	err = pool.QueryRow(ctx, query, args...).Scan(&id)
	return id, err
}

func Reclaim(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', leased_until = NULL WHERE status = 'running' AND leased_until < now()`)
	return err
}
