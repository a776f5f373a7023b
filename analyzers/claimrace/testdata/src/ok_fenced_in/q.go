// The poll lists both states, and takes running jobs only when their lease
// expired. The claim writes 'running', so running is the claimed state,
// not a runnable one: the completion and the failure fenced by it record
// outcomes, they do not claim, and their counts are theirs to ignore.
package ok_fenced_in

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status IN ('queued', 'running') AND coalesce(locked_until, now()) <= now()
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
