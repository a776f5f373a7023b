// The job is found FOR UPDATE SKIP LOCKED in the transaction that then
// moves it with a compare-and-set: the row lock lasts until Commit, so no
// one else can move the row first, and the UPDATE always matches.
package ok_cas_locked

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback(ctx)
	var id int64
	if err := tx.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id); err != nil {
		return 0, err
	}
	if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1 AND status = 'queued'`, id); err != nil {
		return 0, err
	}
	return id, tx.Commit(ctx)
}
