// defer tx.Rollback(ctx) and return err: the handler's error returns
// before the Commit, and the deferred Rollback undoes the claim. The poll
// takes the queue it is given: a parameter, but not the job's key.
package rbqueue

import (
	"context"
	"database/sql"
	"fmt"
)

type Job struct {
	ID      int64
	Payload []byte
}

type Worker struct {
	db     *sql.DB
	handle func(context.Context, Job) error
	queue  string
}

func (w *Worker) processOne(ctx context.Context) error {
	tx, err := w.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var j Job
	if err := tx.QueryRowContext(ctx, `SELECT id, payload FROM tasks WHERE queue = $1 AND state = 'pending' ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED`, w.queue).Scan(&j.ID, &j.Payload); err != nil {
		return err
	}
	if err := w.handle(ctx, j); err != nil {
		return fmt.Errorf("task %d: %w", j.ID, err) // want `this rollback of the claim's transaction puts the job back with no attempt recorded and no limit`
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM tasks WHERE id = $1`, j.ID); err != nil {
		return err
	}
	return tx.Commit()
}

func (w *Worker) Run(ctx context.Context) {
	for ctx.Err() == nil {
		_ = w.processOne(ctx)
	}
}
