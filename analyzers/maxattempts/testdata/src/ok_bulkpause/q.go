// An email queue whose retries stop at max_attempts. Beside the workers,
// an operator pauses and resumes every pending entry of a source, and a
// circuit breaker pushes a pending entry back without spending an
// attempt; the claim is a compare-and-set that also re-takes an entry
// whose claim went stale. None of these is a retry.
package ok_bulkpause

import (
	"context"
	"database/sql"
	"errors"
)

type Entry struct {
	ID       string
	Attempts int
}

type Queue struct{ db *sql.DB }

func (q *Queue) enqueue(ctx context.Context, id, source string) error {
	_, err := q.db.ExecContext(ctx, `INSERT INTO email_queue (id, source_id) VALUES ($1, $2)`, id, source)
	return err
}

func (q *Queue) pending(ctx context.Context) ([]Entry, error) {
	rows, err := q.db.QueryContext(ctx, `SELECT id, attempts FROM email_queue
		WHERE status = 'pending' OR (status = 'processing' AND updated_at < now() - interval '2 minutes')
		ORDER BY id LIMIT 10`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Entry
	for rows.Next() {
		var e Entry
		if err := rows.Scan(&e.ID, &e.Attempts); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

func (q *Queue) take(ctx context.Context, id string) error {
	res, err := q.db.ExecContext(ctx, `UPDATE email_queue SET status = 'processing', updated_at = now(), attempts = attempts + 1
		WHERE id = $1 AND (status = 'pending' OR (status = 'processing' AND updated_at < now() - interval '2 minutes'))`, id)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return errors.New("taken by another worker")
	}
	return nil
}

func (q *Queue) pauseSource(ctx context.Context, source string) error {
	_, err := q.db.ExecContext(ctx, `UPDATE email_queue SET status = 'paused', updated_at = now()
		WHERE source_id = $1 AND status = 'pending'`, source)
	return err
}

func (q *Queue) resumeSource(ctx context.Context, source string) error {
	_, err := q.db.ExecContext(ctx, `UPDATE email_queue SET status = 'pending', next_retry_at = NULL, updated_at = now()
		WHERE source_id = $1 AND status = 'paused'`, source)
	return err
}

// postpone is the circuit breaker's: the entry has not been sent.
func (q *Queue) postpone(ctx context.Context, id string) error {
	_, err := q.db.ExecContext(ctx, `UPDATE email_queue SET status = 'pending', next_retry_at = now() + interval '1 minute'
		WHERE id = $1 AND status = 'pending'`, id)
	return err
}

func (q *Queue) sent(ctx context.Context, id string) error {
	_, err := q.db.ExecContext(ctx, `DELETE FROM email_queue WHERE id = $1`, id)
	return err
}

// failed gives up in SQL once the attempts reach the limit.
func (q *Queue) failed(ctx context.Context, id string) error {
	_, err := q.db.ExecContext(ctx, `UPDATE email_queue
		SET status = CASE WHEN attempts >= max_attempts THEN 'dead' ELSE 'pending' END, next_retry_at = now() + interval '1 minute'
		WHERE id = $1 AND status = 'processing'`, id)
	return err
}
