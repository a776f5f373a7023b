// The same split, inside one transaction that locks the row: the caller
// passes its transaction to both steps.
package ok_splittx

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Repo struct{ pool *pgxpool.Pool }

func nextDue(ctx context.Context, tx pgx.Tx) (int64, error) {
	var id int64
	err := tx.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' AND run_at <= now() ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id)
	return id, err
}

func markRunning(ctx context.Context, tx pgx.Tx, id int64) error {
	_, err := tx.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return err
}

func (r *Repo) Claim(ctx context.Context) (int64, error) {
	tx, err := r.pool.Begin(ctx)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback(ctx)
	id, err := nextDue(ctx, tx)
	if err != nil {
		return 0, err
	}
	if err := markRunning(ctx, tx, id); err != nil {
		return 0, err
	}
	return id, tx.Commit(ctx)
}
