// The outcome of an attempt decided in one switch: done, failed for good
// once the attempts reach the limit, else queued again. The retry sits in
// the default case, after the case that compares the attempts.
package ok_switchcase

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Job struct {
	ID       int64
	Attempts int
}

type Worker struct {
	pool        *pgxpool.Pool
	maxAttempts int
}

func (w *Worker) claim(ctx context.Context) (j Job, err error) {
	err = w.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, attempts`).Scan(&j.ID, &j.Attempts)
	return j, err
}

func (w *Worker) finish(ctx context.Context, j Job, err error) error {
	switch {
	case err == nil:
		return w.complete(ctx, j.ID)
	case j.Attempts >= w.maxAttempts:
		return w.bury(ctx, j.ID, err)
	default:
		return w.retry(ctx, j.ID, err)
	}
}

func (w *Worker) complete(ctx context.Context, id int64) error {
	_, err := w.pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

func (w *Worker) bury(ctx context.Context, id int64, cause error) error {
	_, err := w.pool.Exec(ctx, `DELETE FROM jobs WHERE id = $1`, id)
	return err
}

func (w *Worker) retry(ctx context.Context, id int64, cause error) error {
	_, err := w.pool.Exec(ctx, `UPDATE jobs SET status = 'queued', last_error = $2 WHERE id = $1`, id, cause.Error())
	return err
}

func (w *Worker) Run(ctx context.Context, handle func(Job) error) {
	for ctx.Err() == nil {
		j, err := w.claim(ctx)
		if err != nil {
			continue
		}
		w.finish(ctx, j, handle(j))
	}
}
