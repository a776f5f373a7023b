// The worker begins the transaction it gives Complete and locks nothing
// in it first: the reclaimer may have handed the job to another worker.
package txcallerworker

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"txcallerstore"
)

func Finish(ctx context.Context, pool *pgxpool.Pool, id int64, result []byte) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `INSERT INTO results (job_id, body) VALUES ($1, $2)`, id, result); err != nil {
		return err
	}
	if err := txcallerstore.Complete(ctx, tx, id); err != nil { // want `Complete's UPDATE runs in the transaction txcallerworker.Finish begins, which locks no row of jobs before it\nthe UPDATE, at q.go:20, sets status to 'done' by key without re-checking`
		return err
	}
	return tx.Commit(ctx)
}
