// A store whose Postpone puts the job back with a new due time and
// counts nothing; its callers decide whether that is a retry. Its other
// methods only run their SQL: they do none of the job's work.
package xdeferstore

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

var ErrBusy = errors.New("resource busy")

type Job struct {
	ID       int64
	Attempts int
	Resource string
}

// scanner is what Next reads its row through: a row's Scan.
type scanner interface {
	Scan(dest ...any) error
}

type Store struct {
	pool *pgxpool.Pool
	now  func() time.Time // a clock read through a field: it cannot fail, so it is no work
}

func (s *Store) Next(ctx context.Context) (Job, error) {
	return scanJob(s.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_at = $1 WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' AND run_at <= now() ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, attempts, resource`, s.now()))
}

func scanJob(row scanner) (Job, error) {
	var j Job
	err := row.Scan(&j.ID, &j.Attempts, &j.Resource)
	return j, err
}

// Acquire takes the resource the job needs, or says it is busy.
func (s *Store) Acquire(ctx context.Context, key string, id int64) error {
	tag, err := s.pool.Exec(ctx, `INSERT INTO job_locks (key, job_id, taken_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, key, id, s.now())
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrBusy
	}
	return nil
}

func (s *Store) Postpone(ctx context.Context, id int64, at time.Time) error { // want Postpone:"retries\\(store.go:56\\)"
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'queued', run_at = $2, locked_at = NULL WHERE id = $1`, id, at)
	return err
}

func (s *Store) Complete(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

func (s *Store) Fail(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id)
	return err
}
