// The handler's failure is recorded and committed. The mark of a done job
// goes through a small value that keeps the transaction in a field: its
// own failure rolls the claim back, which is bookkeeping, not a retry of
// the work, though the helper is given no database handle as an argument.
package ok_rbmarkerfield

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type marker struct{ tx pgx.Tx }

func (m marker) done(ctx context.Context, id int64) error {
	_, err := m.tx.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

func Once(ctx context.Context, pool *pgxpool.Pool, run func([]byte) error) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	var id int64
	var payload []byte
	if err := tx.QueryRow(ctx, `SELECT id, payload FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id, &payload); err != nil {
		_ = tx.Rollback(ctx)
		return err
	}
	if err := run(payload); err != nil {
		if _, err := tx.Exec(ctx, `UPDATE jobs SET attempts = attempts + 1, last_error = $2, status = CASE WHEN attempts + 1 >= 5 THEN 'failed' ELSE 'queued' END WHERE id = $1`, id, err.Error()); err != nil {
			_ = tx.Rollback(ctx)
			return err
		}
		return tx.Commit(ctx)
	}
	m := marker{tx: tx}
	if err := m.done(ctx, id); err != nil {
		_ = tx.Rollback(ctx)
		return err
	}
	return tx.Commit(ctx)
}
