// The worker drops the results of its own helpers, each of which has
// nothing left to say: one logs the completion's error before it returns
// it, one logs it and returns nil, one logs a message made from it
// (err.Error()) and returns it, one hands it to the package's logger. A
// dropped failure write leaves a job that did not succeed claimed, and
// the reclaim takes it back; a helper that writes either outcome,
// dropped on the failure path, records no success there.
package ok_discarded_helperlogs

import (
	"context"
	"database/sql"
	"fmt"
	"log"
	"time"
)

type Queue struct{ db *sql.DB }

func (q *Queue) claim(ctx context.Context) (id int64, err error) {
	err = q.db.QueryRowContext(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func (q *Queue) doneLogged(ctx context.Context, id int64) error {
	_, err := q.db.ExecContext(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	if err != nil {
		log.Printf("done %d: %v", id, err)
	}
	return err
}

func (q *Queue) doneQuiet(ctx context.Context, id int64) error {
	if _, err := q.db.ExecContext(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id); err != nil {
		log.Printf("done %d: %v", id, err)
	}
	return nil
}

func (q *Queue) doneMessage(ctx context.Context, id int64) error {
	_, err := q.db.ExecContext(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	if err != nil {
		log.Print("done: " + err.Error())
		return fmt.Errorf("done %d: %w", id, err)
	}
	return nil
}

// doneNoted hands the error to the package's own logger.
func (q *Queue) doneNoted(ctx context.Context, id int64) error {
	_, err := q.db.ExecContext(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	if err != nil {
		note(err)
	}
	return err
}

func note(err error) { log.Print(err) }

func (q *Queue) fail(ctx context.Context, id int64) error {
	_, err := q.db.ExecContext(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id)
	return err
}

func (q *Queue) record(ctx context.Context, id int64, ok bool) error {
	status := "done"
	if !ok {
		status = "failed"
	}
	_, err := q.db.ExecContext(ctx, `UPDATE jobs SET status = $1 WHERE id = $2`, status, id)
	return err
}

func (q *Queue) Reclaim(ctx context.Context) error {
	_, err := q.db.ExecContext(ctx, `UPDATE jobs SET status = 'queued' WHERE status = 'running' AND locked_until < now()`)
	return err
}

func work(ctx context.Context, id int64) error { return nil }

func (q *Queue) Run(ctx context.Context) {
	for ctx.Err() == nil {
		id, err := q.claim(ctx)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if err := work(ctx, id); err != nil {
			if id%2 == 0 {
				q.fail(ctx, id)
			} else {
				q.record(ctx, id, false)
			}
			continue
		}
		switch id % 4 {
		case 0:
			q.doneLogged(ctx, id)
		case 3:
			q.doneNoted(ctx, id)
		case 1:
			_ = q.doneQuiet(ctx, id)
		default:
			q.doneMessage(ctx, id)
		}
	}
}
