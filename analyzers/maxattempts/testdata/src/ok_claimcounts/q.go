// The claim counts each attempt and the poll takes a job only while that
// count is under the limit; a failure puts the job back without counting
// again. A job out of attempts is never taken again.
package ok_claimcounts

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const maxAttempts = 5

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE deliveries SET lease_until = now() + interval '1 minute', attempts = attempts + 1
		WHERE id = (SELECT id FROM deliveries WHERE done_at IS NULL AND attempts < $1
		            AND (lease_until IS NULL OR lease_until < now())
		            ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, maxAttempts).Scan(&id)
	return id, err
}

func Work(ctx context.Context, pool *pgxpool.Pool, send func(int64) error) error {
	for {
		id, err := Claim(ctx, pool)
		if err != nil {
			return err
		}
		if err := send(id); err != nil {
			if _, err := pool.Exec(ctx, `UPDATE deliveries SET lease_until = NULL, last_error = $2 WHERE id = $1`, id, err.Error()); err != nil {
				return err
			}
			continue
		}
		if _, err := pool.Exec(ctx, `UPDATE deliveries SET done_at = now(), lease_until = NULL WHERE id = $1`, id); err != nil {
			return err
		}
	}
}
