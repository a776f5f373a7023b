// pgx.BeginTxFunc, with options: the function is the transaction, as with
// BeginFunc.
package begintxfunc

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func Refund(ctx context.Context, pool *pgxpool.Pool, orderID int64) error {
	return pgx.BeginTxFunc(ctx, pool, pgx.TxOptions{}, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE orders SET refunded = true WHERE id = $1`, orderID); err != nil {
			return err
		}
		_, err := pool.Exec(ctx, `INSERT INTO jobs (kind, payload) VALUES ('refund', jsonb_build_object('order_id', $1::bigint))`, orderID) // want `enqueued outside transaction tx, which writes orders and is still open\nit is enqueued by an INSERT into jobs on the pool:`
		return err
	})
}
