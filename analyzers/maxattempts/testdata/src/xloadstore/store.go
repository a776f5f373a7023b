// A store whose exported requeues first read or open what they need and
// return the error when that fails: a job that cannot be loaded is not
// put back, and the caller sees why. Whenever they can run they put the
// job back, so whether a failed job is retried or ended is their
// callers' decision, in another package.
package xloadstore

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"
)

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

func (s *Store) Fail(ctx context.Context, id string) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id)
	return err
}

// RequeueByID loads the job's queue first; a job it cannot load is an
// error for the caller, not a decision about the job.
func (s *Store) RequeueByID(ctx context.Context, id string) error { // want RequeueByID:"retries\\(store.go:45\\)"
	var queue string
	if err := s.pool.QueryRow(ctx, `SELECT queue FROM jobs WHERE id = $1`, id).Scan(&queue); err != nil {
		return fmt.Errorf("load job %s: %w", id, err)
	}
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'queued', queue = $2 WHERE id = $1`, id, queue)
	return err
}

// RetryTx puts the job back in a transaction of its own: a Begin that
// fails does nothing.
func (s *Store) RetryTx(ctx context.Context, id string) error { // want RetryTx:"retries\\(store.go:57\\)"
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// RetryIfLeft looks the job up only while it has attempts left: the
// lookup's error is the limit, so the function decides and hands nothing
// on to its callers.
func (s *Store) RetryIfLeft(ctx context.Context, id string) error {
	var n int
	if err := s.pool.QueryRow(ctx, `SELECT attempts FROM jobs WHERE id = $1 AND attempts < 5`, id).Scan(&n); err != nil {
		return err
	}
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id)
	return err
}

// RetryChecked asks a helper of its own first: what the helper's error
// means is the helper's business, so it decides too.
func (s *Store) RetryChecked(ctx context.Context, id string) error {
	if err := s.budget(ctx, id); err != nil {
		return err
	}
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id)
	return err
}

func (s *Store) budget(ctx context.Context, id string) error {
	var ok bool
	return s.pool.QueryRow(ctx, `SELECT true FROM jobs WHERE id = $1`, id).Scan(&ok)
}
