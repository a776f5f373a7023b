// The rescuer of ok_rescuestore runs both halves on one transaction: the
// row lock the scan takes holds until the reset commits.
package ok_rescueworker

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"ok_rescuestore"
)

func Rescue(ctx context.Context, pool *pgxpool.Pool) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	q := ok_rescuestore.New(tx)
	id, err := q.LockStuckJob(ctx)
	if err != nil {
		return err
	}
	if err := q.ResetJob(ctx, id); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
