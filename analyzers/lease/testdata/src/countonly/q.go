// The lease column is only counted for a dashboard: nothing takes the
// expired jobs back.
package countonly

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	// want +1 `this claim writes a lease \(locked_until\), but no statement in the module returns jobs whose lease expired`
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Stuck(ctx context.Context, pool *pgxpool.Pool) (n int, err error) {
	err = pool.QueryRow(ctx, `SELECT count(*) FROM jobs WHERE status = 'running' AND locked_until < now()`).Scan(&n)
	return n, err
}
