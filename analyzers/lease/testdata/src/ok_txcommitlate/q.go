// The transaction that claims the job commits only after the job ran: a
// crash rolls the claim back.
package ok_txcommitlate

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func workOne(ctx context.Context, pool *pgxpool.Pool, run func(int64) error) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var id int64
	if err := tx.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id); err != nil {
		return err
	}
	if err := run(id); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
