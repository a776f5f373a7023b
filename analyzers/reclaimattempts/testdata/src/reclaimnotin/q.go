// The reclaim names the states it leaves alone: running ones are not among
// them, and nothing counts their attempts.
package reclaimnotin

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'pending' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Done(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done', locked_until = NULL WHERE id = $1 AND status = 'running'`, id)
	return err
}

func Reclaim(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'pending', locked_until = NULL WHERE status NOT IN ('pending', 'done') AND locked_until < now()`) // want `this reclaim returns jobs whose lease expired to the queue without spending an attempt`
	return err
}
