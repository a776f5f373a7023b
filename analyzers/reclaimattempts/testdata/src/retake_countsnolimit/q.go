// The claim takes back jobs whose lease expired and spends an attempt each
// time, but the worker that runs what it claims never compares the count
// with a limit: a job that kills its worker is taken again for ever, with
// a count that only grows.
package retake_countsnolimit

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Worker struct{ pool *pgxpool.Pool }

func (w *Worker) claim(ctx context.Context) (id int64, attempts int, err error) {
	// want +1 `this claim also takes back jobs whose lease expired and counts their attempts, but never compares them with a limit`
	err = w.pool.QueryRow(ctx, `UPDATE tasks SET status = 'in_progress', lease_until = now() + interval '1 minute', attempts = attempts + 1
		WHERE id = (SELECT id FROM tasks WHERE status = 'new' OR (status = 'in_progress' AND lease_until < now())
			ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, attempts`).Scan(&id, &attempts)
	return id, attempts, err
}

func (w *Worker) RunOnce(ctx context.Context, run func(int64) error) error {
	id, _, err := w.claim(ctx)
	if err != nil {
		return err
	}
	if err := run(id); err != nil {
		return err
	}
	_, err = w.pool.Exec(ctx, `UPDATE tasks SET status = 'done' WHERE id = $1 AND status = 'in_progress'`, id)
	return err
}
