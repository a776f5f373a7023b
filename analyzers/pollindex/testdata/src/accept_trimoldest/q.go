// A queue served by its partial index, and a trim of its oldest thousand
// rows: the DELETE returns nothing, so its subquery picks no job and no
// index need give it its order.
package accept_trimoldest

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running' WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' AND run_at <= now() ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Done(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

func Add(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `INSERT INTO jobs DEFAULT VALUES`)
	return err
}

func Trim(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `DELETE FROM jobs WHERE id IN (SELECT id FROM jobs ORDER BY created_at LIMIT 1000)`)
	return err
}
