package rolesbulk // want package:"queues\\(public.email_queue\\)"

// An email queue keyed by id: workers take entries one by one with a
// compare-and-set that also re-takes an entry whose claim went stale;
// beside it, an operator pauses, resumes and drops every pending entry of
// one source, and the circuit breaker pushes a pending entry back.

import (
	"context"
	"database/sql"
	"errors"
)

type Queue struct{ db *sql.DB }

func (q *Queue) Enqueue(ctx context.Context, id, source string) error {
	_, err := q.db.ExecContext(ctx, `INSERT INTO email_queue (id, source_id) VALUES ($1, $2)`, id, source)
	return err
}

func (q *Queue) Pending(ctx context.Context, limit int) (*sql.Rows, error) { // want Pending:"claims jobs"
	return q.db.QueryContext(ctx, `SELECT id FROM email_queue
		WHERE status = 'pending' OR (status = 'processing' AND updated_at < now() - interval '2 minutes')
		ORDER BY id LIMIT $1`, limit)
}

// Take is the claim: the entry Pending gave, if no other worker took it
// (or its claim went stale).
func (q *Queue) Take(ctx context.Context, id string) error { // want Take:"claims jobs"
	res, err := q.db.ExecContext(ctx, `UPDATE email_queue SET status = 'processing', updated_at = now(), attempts = attempts + 1
		WHERE id = $1 AND (status = 'pending' OR (status = 'processing' AND updated_at < now() - interval '2 minutes'))`, id)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return errors.New("taken")
	}
	return nil
}

// PauseSource is an operator's action on every pending entry of a source.
func (q *Queue) PauseSource(ctx context.Context, source string) (int64, error) {
	res, err := q.db.ExecContext(ctx, `UPDATE email_queue SET status = 'paused' WHERE source_id = $1 AND status = 'pending'`, source)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (q *Queue) ResumeSource(ctx context.Context, source string) error {
	_, err := q.db.ExecContext(ctx, `UPDATE email_queue SET status = 'pending' WHERE source_id = $1 AND status = 'paused'`, source)
	return err
}

// Postpone moves a pending entry's time: it has not run.
func (q *Queue) Postpone(ctx context.Context, id string) error {
	_, err := q.db.ExecContext(ctx, `UPDATE email_queue SET status = 'pending', next_retry_at = now() + interval '1 minute'
		WHERE id = $1 AND status = 'pending'`, id)
	return err
}

func (q *Queue) Retry(ctx context.Context, id string) error { // want Retry:"fails jobs, writes outcomes"
	_, err := q.db.ExecContext(ctx, `UPDATE email_queue SET status = 'pending' WHERE id = $1 AND status = 'processing'`, id)
	return err
}

func (q *Queue) Fail(ctx context.Context, id string) error { // want Fail:"fails jobs, writes outcomes"
	_, err := q.db.ExecContext(ctx, `UPDATE email_queue SET status = 'failed' WHERE id = $1`, id)
	return err
}

func (q *Queue) Sent(ctx context.Context, ids []string) error { // want Sent:"completes jobs, writes outcomes"
	_, err := q.db.ExecContext(ctx, `DELETE FROM email_queue WHERE id = ANY($1)`, ids)
	return err
}

func (q *Queue) DropSource(ctx context.Context, source string) error {
	_, err := q.db.ExecContext(ctx, `DELETE FROM email_queue WHERE source_id = $1 AND status IN ('pending', 'paused')`, source)
	return err
}
