// The claim's locked SELECT takes runnable jobs, or running ones whose
// lease has passed, in the transaction that then takes the row by id: the
// two-step form of ok_orpoll.
package ok_orpolltx

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback(ctx)
	err = tx.QueryRow(ctx, `SELECT id FROM jobs
		WHERE status = 'queued' OR (status = 'running' AND locked_until < now())
		ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id)
	if err != nil {
		return 0, err
	}
	if _, err = tx.Exec(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '1 minute' WHERE id = $1`, id); err != nil {
		return 0, err
	}
	return id, tx.Commit(ctx)
}

func Done(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}
