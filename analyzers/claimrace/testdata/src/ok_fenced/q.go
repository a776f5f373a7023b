// The poll also re-takes running jobs whose lease expired. The completion
// and the failure are fenced by the claimed state (AND status = 'running'):
// they record outcomes, they do not claim, and their counts are theirs to
// ignore.
package ok_fenced

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' OR (status = 'running' AND locked_until < now())
		            ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Complete(ctx context.Context, pool *pgxpool.Pool, id int64) {
	pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1 AND status = 'running'`, id)
}

func Fail(ctx context.Context, pool *pgxpool.Pool, id int64, cause string) {
	pool.Exec(ctx, `UPDATE jobs SET status = 'failed', last_error = $2 WHERE id = $1 AND status = 'running'`, id, cause)
}
