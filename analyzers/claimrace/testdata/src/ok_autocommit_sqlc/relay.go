// acsqlc's locked poll run on a transaction (q.WithTx(tx)) that publishes
// and marks each row before it commits: the rows stay locked until then.
package ok_autocommit_sqlc

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"acsqlc"
)

func Once(ctx context.Context, pool *pgxpool.Pool, publish func(context.Context, string, []byte) error) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	q := acsqlc.New(pool).WithTx(tx)
	events, err := q.PendingEvents(ctx, 100)
	if err != nil {
		return err
	}
	for _, e := range events {
		if err := publish(ctx, e.Topic, e.Body); err != nil {
			return err
		}
		if err := q.MarkSent(ctx, e.ID); err != nil {
			return err
		}
	}
	return tx.Commit(ctx)
}
