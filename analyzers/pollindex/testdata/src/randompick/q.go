// Workers take a random runnable job (to spread contention), and nothing
// indexes status: every pick reads the finished jobs too. The index to
// add serves the WHERE alone, as no index can give a random order.
package randompick

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
