// The completion's error is assigned, then overwritten by the next call
// before anything reads it: the check below sees only the notification's.
package discarded_overwritten

import (
	"context"
	"database/sql"
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

func (q *Queue) done(ctx context.Context, id int64) error {
	_, err := q.db.ExecContext(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

func (q *Queue) Reclaim(ctx context.Context) error {
	_, err := q.db.ExecContext(ctx, `UPDATE jobs SET status = 'queued' WHERE status = 'running' AND locked_until < now()`)
	return err
}

func work(ctx context.Context, id int64) error   { return nil }
func notify(ctx context.Context, id int64) error { return nil }

func (q *Queue) Run(ctx context.Context) {
	for ctx.Err() == nil {
		id, err := q.claim(ctx)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if err = work(ctx, id); err != nil {
			log.Printf("job %d: %v", id, err)
			continue
		}
		err = q.done(ctx, id) // want `the error of this completion is discarded`
		err = notify(ctx, id)
		if err != nil {
			log.Printf("notify %d: %v", id, err)
		}
	}
}
