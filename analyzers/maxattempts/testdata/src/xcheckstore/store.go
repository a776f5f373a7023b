// A store whose exported Retry first checks what it was given, as most
// stores do: an empty id or a zero time is refused before any SQL runs.
// Past those checks it always puts the job back: whether a failed job is
// retried or ended is its callers' decision, in another package.
package xcheckstore

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

var ErrInvalid = errors.New("invalid job")

type Job struct {
	ID       string
	Attempts int
}

type Store struct{ pool *pgxpool.Pool }

func (s *Store) Claim(ctx context.Context) (j Job, err error) {
	err = s.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, attempts`).Scan(&j.ID, &j.Attempts)
	return j, err
}

func (s *Store) Complete(ctx context.Context, id string) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

func (s *Store) Retry(ctx context.Context, id string, runAt time.Time) (bool, error) { // want Retry:"retries\\(store.go:49\\)"
	if s == nil || s.pool == nil {
		return false, nil
	}
	id = strings.TrimSpace(id)
	if id == "" || len(id) > 64 {
		return false, fmt.Errorf("retry %q: %w", id, ErrInvalid)
	}
	if runAt.IsZero() || runAt.Unix() <= 0 {
		return false, ErrInvalid
	}
	tag, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'queued', run_at = $2 WHERE id = $1`, id, runAt)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (s *Store) Fail(ctx context.Context, id string) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id)
	return err
}

// RetryTx checks its argument, then puts the job back in a transaction
// of its own: the closure runs whenever the check passes.
func (s *Store) RetryTx(ctx context.Context, id string) error { // want RetryTx:"retries\\(store.go:68\\)"
	if id == "" {
		return ErrInvalid
	}
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id)
		return err
	})
}
