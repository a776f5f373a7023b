// The worker claims jobs itself, puts failed ones back through the store's
// Retry, and a sweep of its own ends the jobs whose attempts ran out: the
// limit is there.
package ok_xworkerfail

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"xstore"
)

const maxAttempts = 5

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func Run(ctx context.Context, pool *pgxpool.Pool, s *xstore.Store, handle func(int64) error) {
	for ctx.Err() == nil {
		id, err := claim(ctx, pool)
		if err != nil {
			continue
		}
		if err := handle(id); err != nil {
			s.Retry(ctx, id)
		}
	}
}

func bury(ctx context.Context, pool *pgxpool.Pool, id int64, attempts int) error {
	if attempts >= maxAttempts {
		_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id)
		return err
	}
	return nil
}
