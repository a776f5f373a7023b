// The claim counts attempts and returns the count to its callers; the
// reclaim puts expired jobs back. The relay in another package fails a
// job claimed past the limit: this package cannot see that comparison,
// so it says nothing.
package ok_reclaimcountreturned

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Claimed struct {
	ID       int64
	Attempts int
}

func Claim(ctx context.Context, pool *pgxpool.Pool) (c Claimed, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, attempts`).Scan(&c.ID, &c.Attempts)
	return c, err
}

func Done(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `DELETE FROM jobs WHERE id = $1`, id)
	return err
}

func Reclaim(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE status = 'running' AND locked_until < now()`)
	return err
}
