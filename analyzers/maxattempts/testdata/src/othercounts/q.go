// The poll takes a job only while its count is under the limit, but only
// a timeout counts an attempt: the claim does not, and any other failure
// puts the job back uncounted, for ever.
package othercounts

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5/pgxpool"
)

const maxAttempts = 5

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE deliveries SET lease_until = now() + interval '1 minute'
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
		if err := send(id); errors.Is(err, context.DeadlineExceeded) {
			if _, err := pool.Exec(ctx, `UPDATE deliveries SET lease_until = NULL, attempts = attempts + 1 WHERE id = $1`, id); err != nil {
				return err
			}
			continue
		} else if err != nil {
			if _, err := pool.Exec(ctx, `UPDATE deliveries SET lease_until = NULL, last_error = $2 WHERE id = $1`, id, err.Error()); err != nil { // want `this retry puts the job back with no limit`
				return err
			}
			continue
		}
		if _, err := pool.Exec(ctx, `UPDATE deliveries SET done_at = now(), lease_until = NULL WHERE id = $1`, id); err != nil {
			return err
		}
	}
}
