// The same random pick, with status indexed: the index finds the runnable
// jobs, and no index can give their random order (a volatile function
// cannot be indexed): nothing to add.
package accept_randompick

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running' WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY random() LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Complete(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}
