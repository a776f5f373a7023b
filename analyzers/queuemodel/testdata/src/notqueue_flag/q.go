// A page of active users, and a flag flipped elsewhere; a listing of the
// orders not cancelled, and a cancellation. No job is taken from either.
package notqueue_flag

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Active(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Query(ctx, `SELECT id, name FROM users WHERE is_active = true ORDER BY id LIMIT 10`)
	return err
}

func Deactivate(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE users SET is_active = false WHERE id = $1 AND is_active`, id)
	return err
}

func Orders(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Query(ctx, `SELECT id FROM orders WHERE status NOT IN ('cancelled', 'refunded') ORDER BY created_at DESC LIMIT 20`)
	return err
}

func Cancel(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE orders SET status = 'cancelled' WHERE id = $1 AND status <> 'cancelled'`, id)
	return err
}

func Create(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `INSERT INTO orders (status) VALUES ('open')`)
	return err
}
