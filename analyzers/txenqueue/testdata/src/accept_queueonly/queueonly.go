// The transaction writes only the queue (a worker completing its job)
// while it enqueues a follow-up job on the pool: no entity of the follow-up
// is uncommitted.
package accept_queueonly

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Finish(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1 AND status = 'running'`, id); err != nil {
		return err
	}
	if _, err := pool.Exec(ctx, `INSERT INTO jobs (kind) VALUES ('follow_up')`); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
