// A queue with a state column whose poll also reads run_at: it stays a
// state queue (claimed by status in the poll's transaction), and its
// retry, which writes a new run_at by id after the handler failed, is no
// take of a due-time queue.
package ok_due_statequeue

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Handler func(ctx context.Context, payload []byte) error

func Work(ctx context.Context, pool *pgxpool.Pool, h Handler) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var id int64
	var payload []byte
	if err := tx.QueryRow(ctx, `SELECT id, payload FROM jobs WHERE status = 'queued' AND run_at <= now() ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id, &payload); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id); err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	if err := h(ctx, payload); err != nil {
		_, err = pool.Exec(ctx, `UPDATE jobs SET status = 'queued', run_at = $2 WHERE id = $1`, id, time.Now().Add(time.Minute))
		return err
	}
	_, err = pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

func Enqueue(ctx context.Context, pool *pgxpool.Pool, payload []byte) error {
	_, err := pool.Exec(ctx, `INSERT INTO jobs (status, payload, run_at) VALUES ('queued', $1, now())`, payload)
	return err
}
