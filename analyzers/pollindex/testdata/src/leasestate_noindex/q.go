// An outbox whose only state is its lease: an entry is waiting while it
// holds no lease, or once the lease expired; the claim leases a batch and
// the relay deletes what it delivered (or moves it to dead letters). No
// delivered entry stays in the table, but no index gives the poll its
// order: every poll reads and sorts the whole backlog.
package leasestate_noindex

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Add(ctx context.Context, pool *pgxpool.Pool, payload []byte) error {
	_, err := pool.Exec(ctx, `INSERT INTO outbox (payload, available_at) VALUES ($1, now())`, payload)
	return err
}

func Claim(ctx context.Context, pool *pgxpool.Pool, until time.Time) ([]int64, error) {
	rows, err := pool.Query(ctx, `WITH batch AS (
		SELECT id FROM outbox WHERE available_at <= now() AND (lease_until IS NULL OR lease_until <= now())
		ORDER BY available_at, id FOR UPDATE SKIP LOCKED LIMIT 10)
		UPDATE outbox AS o SET lease_until = $1, attempts = o.attempts + 1 FROM batch WHERE o.id = batch.id RETURNING o.id`, until)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

func Delivered(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `DELETE FROM outbox WHERE id = $1`, id)
	return err
}

func Release(ctx context.Context, pool *pgxpool.Pool, id int64, next time.Time) error {
	_, err := pool.Exec(ctx, `UPDATE outbox SET lease_until = NULL, available_at = $2 WHERE id = $1`, id, next)
	return err
}
