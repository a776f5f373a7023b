// The worker's own store methods return the error of the write that
// records success, as it is or wrapped, and log nothing: the worker calls
// them as statements, so a failed completion leaves the finished job
// claimed and nobody hears of it. The claim runs in the caller of the
// function that drops one of them.
package discarded_helper

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log"
	"time"
)

type Queue struct{ db *sql.DB }

func (q *Queue) Dequeue(ctx context.Context) (id int64, err error) {
	err = q.db.QueryRowContext(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func (q *Queue) MarkCompleted(ctx context.Context, id int64) error {
	_, err := q.db.ExecContext(ctx, `UPDATE jobs SET status = 'done', locked_until = NULL WHERE id = $1`, id)
	return err
}

// markSent wraps the write's error, and lets a row already gone pass.
func (q *Queue) markSent(ctx context.Context, id int64) error {
	res, err := q.db.ExecContext(ctx, `UPDATE jobs SET status = 'done', locked_until = NULL WHERE id = $1`, id)
	if errors.Is(err, context.Canceled) {
		return fmt.Errorf("mark %d sent: %w", id, err)
	}
	if err != nil {
		return fmt.Errorf("mark %d sent: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errors.New("job gone")
	}
	return nil
}

func (q *Queue) MarkFailed(ctx context.Context, id int64, msg string) error {
	_, err := q.db.ExecContext(ctx, `UPDATE jobs SET status = 'failed', error = $2 WHERE id = $1`, id, msg)
	return err
}

func (q *Queue) Reclaim(ctx context.Context) error {
	_, err := q.db.ExecContext(ctx, `UPDATE jobs SET status = 'queued' WHERE status = 'running' AND locked_until < now()`)
	return err
}

func send(ctx context.Context, id int64) error { return nil }

func (q *Queue) Run(ctx context.Context) {
	for ctx.Err() == nil {
		id, err := q.Dequeue(ctx)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if err := send(ctx, id); err != nil {
			if err := q.MarkFailed(ctx, id, err.Error()); err != nil {
				log.Printf("fail job %d: %v", id, err)
			}
			continue
		}
		if id%2 == 0 {
			q.MarkCompleted(ctx, id) // want `the error of this completion is discarded`
			continue
		}
		q.finish(ctx, id)
	}
}

func (q *Queue) finish(ctx context.Context, id int64) {
	_ = q.markSent(ctx, id) // want `the error of this completion is discarded`
}
