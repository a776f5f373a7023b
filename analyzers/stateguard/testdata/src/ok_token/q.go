// Fenced completions: only the claim that wrote the token can finish the
// job, or the one that spent this attempt.
package ok_token

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', lock_token = gen_random_uuid(), locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Complete(ctx context.Context, pool *pgxpool.Pool, id int64, token string) (bool, error) {
	tag, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1 AND lock_token = $2`, id, token)
	return tag.RowsAffected() == 1, err
}

func Fail(ctx context.Context, pool *pgxpool.Pool, id int64, attempt int) (bool, error) {
	tag, err := pool.Exec(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1 AND attempts = $2`, id, attempt)
	return tag.RowsAffected() == 1, err
}

func Reclaim(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE status = 'running' AND locked_until < now()`)
	return err
}
