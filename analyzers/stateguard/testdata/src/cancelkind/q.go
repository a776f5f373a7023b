// An operator cancels every job of a kind: kind = $1 names many rows, not
// one, and with no state in the WHERE the finished jobs of that kind are
// cancelled too.
package cancelkind

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func CancelKind(ctx context.Context, pool *pgxpool.Pool, kind string) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'cancelled' WHERE kind = $1`, kind) // want `this UPDATE sets status to 'cancelled' on every row of jobs its WHERE matches, whatever state the job is in`
	return err
}
