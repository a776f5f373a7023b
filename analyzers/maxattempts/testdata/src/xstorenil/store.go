// The store's FailTask puts the job back at the time its caller gives, and
// fails it for good when the caller gives none: the caller decides, with
// the value it passes.
package xstorenil

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Store struct{ pool *pgxpool.Pool }

func (s *Store) Claim(ctx context.Context) (id int64, attempts int, err error) {
	err = s.pool.QueryRow(ctx, `UPDATE tasks SET status = 'running', attempt_count = attempt_count + 1 WHERE id = (
		SELECT id FROM tasks WHERE status = 'pending' AND next_retry_at <= now() ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, attempt_count`).Scan(&id, &attempts)
	return id, attempts, err
}

func (s *Store) FailTask(ctx context.Context, id int64, msg string, retryAt *time.Time) error { // want FailTask:"retries\\(store.go:23\\)"
	if retryAt != nil {
		_, err := s.pool.Exec(ctx, `UPDATE tasks SET status = 'pending', last_error = $1, next_retry_at = $2 WHERE id = $3`, msg, *retryAt, id)
		return err
	}
	_, err := s.pool.Exec(ctx, `UPDATE tasks SET status = 'failed', last_error = $1 WHERE id = $2`, msg, id)
	return err
}

// Release is FailTask written the other way round.
func (s *Store) Release(ctx context.Context, id int64, retryAt *time.Time) error { // want Release:"retries\\(store.go:36\\)"
	if retryAt == nil {
		_, err := s.pool.Exec(ctx, `UPDATE tasks SET status = 'failed' WHERE id = $1`, id)
		return err
	}
	_, err := s.pool.Exec(ctx, `UPDATE tasks SET status = 'pending', next_retry_at = $1 WHERE id = $2`, *retryAt, id)
	return err
}

// MarkFailed chooses the state in Go and binds it: one statement, made on
// every path, retries exactly when its caller gives a time.
func (s *Store) MarkFailed(ctx context.Context, id int64, msg string, retryAt *time.Time) error { // want MarkFailed:"retries\\(store.go:47\\)"
	status := "pending"
	if retryAt == nil {
		status = "failed"
	}
	_, err := s.pool.Exec(ctx, `UPDATE tasks SET status = $1, last_error = $2, next_retry_at = COALESCE($3, next_retry_at) WHERE id = $4`, status, msg, retryAt, id)
	return err
}

// MarkFailedUrgent puts the job back when its caller gives a time, or says
// it is urgent: no one parameter decides.
func (s *Store) MarkFailedUrgent(ctx context.Context, id int64, retryAt *time.Time, urgent bool) error { // want MarkFailedUrgent:"retries\\(store.go:61\\)"
	status := "pending"
	if retryAt == nil {
		status = "failed"
	}
	if urgent {
		status = "pending"
	}
	_, err := s.pool.Exec(ctx, `UPDATE tasks SET status = $1, next_retry_at = COALESCE($2, now()) WHERE id = $3`, status, retryAt, id)
	return err
}
