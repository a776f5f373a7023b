// Writes whose failure stops the worker after the work ran: a progress
// mark made once the handler returned (another write follows it, but the
// job's work is done), and a failure written before any work with no
// outcome after it.
package prework_afterwork

import (
	"context"
	"encoding/json"
	"log"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

func handle(ctx context.Context, id int64) error { return nil }

type Worker struct{ pool *pgxpool.Pool }

func (w *Worker) claim(ctx context.Context) (id int64, payload []byte, err error) {
	err = w.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes' WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, payload`).Scan(&id, &payload)
	return id, payload, err
}

func (w *Worker) Run(ctx context.Context) error {
	for {
		id, payload, err := w.claim(ctx)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		var args map[string]any
		if err := json.Unmarshal(payload, &args); err != nil {
			if _, err := w.pool.Exec(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id); err != nil { // want `a failed bookkeeping write stops the worker here`
				return err
			}
			continue
		}
		if err := handle(ctx, id); err != nil {
			log.Printf("job %d: %v", id, err)
			continue
		}
		if _, err := w.pool.Exec(ctx, `UPDATE jobs SET status = 'handled' WHERE id = $1`, id); err != nil { // want `a failed bookkeeping write stops the worker here`
			return err
		}
		if _, err := w.pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id); err != nil {
			log.Printf("done %d: %v", id, err)
		}
	}
}
