// acsqlc's locked poll on the pool, run only by the replica that holds a
// session advisory lock: one relay at a time.
package ok_autocommit_sqlcleader

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"acsqlc"
)

func Once(ctx context.Context, pool *pgxpool.Pool, publish func(context.Context, string, []byte) error) error {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	var leader bool
	if err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock(7001)`).Scan(&leader); err != nil || !leader {
		return err
	}
	defer conn.Exec(ctx, `SELECT pg_advisory_unlock(7001)`)
	q := acsqlc.New(pool)
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
	return nil
}
