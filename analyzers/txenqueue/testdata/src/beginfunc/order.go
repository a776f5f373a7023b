// pgx.BeginFunc: the function is the transaction.
package beginfunc

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func PlaceOrder(ctx context.Context, pool *pgxpool.Pool, total int64) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		var id int64
		if err := tx.QueryRow(ctx, `INSERT INTO orders (total) VALUES ($1) RETURNING id`, total).Scan(&id); err != nil {
			return err
		}
		_, err := pool.Exec(ctx, `INSERT INTO jobs (kind, payload) VALUES ('charge', jsonb_build_object('order_id', $1::bigint))`, id) // want `enqueued outside transaction tx, which writes orders and is still open\nit is enqueued by an INSERT into jobs on the pool:`
		return err
	})
}
