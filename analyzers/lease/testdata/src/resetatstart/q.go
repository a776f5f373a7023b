// The worker puts every in-flight job back once, as it starts, and then
// claims with no lease: a job whose worker dies waits for a restart, and
// with several replicas one's start takes back the jobs another runs.
package resetatstart

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Worker struct{ pool *pgxpool.Pool }

func (w *Worker) Run(ctx context.Context, handle func([]byte) error) error {
	if _, err := w.pool.Exec(ctx, `UPDATE outbox SET state = 'pending' WHERE state = 'sending'`); err != nil {
		return err
	}
	for ctx.Err() == nil {
		var id int64
		var body []byte
		// want +1 `this claim moves the job to 'sending' and writes no lease deadline`
		err := w.pool.QueryRow(ctx, `UPDATE outbox SET state = 'sending'
			WHERE id = (SELECT id FROM outbox WHERE state = 'pending' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
			RETURNING id, body`).Scan(&id, &body)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		state := "sent"
		if handle(body) != nil {
			state = "failed"
		}
		w.pool.Exec(ctx, `UPDATE outbox SET state = $2 WHERE id = $1`, id, state)
	}
	return ctx.Err()
}
