// The store's claim returns the count it spends. Its own runner compares
// the count only when the handler failed, but the relay in another
// package claims too and drops a job claimed past the limit before it
// runs it: the job the sweep puts back stops there.
package store

import (
	"context"
	"database/sql"
)

type Store struct{ DB *sql.DB }

type Job struct {
	ID       int64
	Attempts int
}

func (s *Store) Claim(ctx context.Context) (j Job, err error) {
	err = s.DB.QueryRowContext(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' AND run_at <= now() ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, attempts`).Scan(&j.ID, &j.Attempts)
	return j, err
}

func (s *Store) Retry(ctx context.Context, id int64) error {
	_, err := s.DB.ExecContext(ctx, `UPDATE jobs SET status = 'queued', locked_until = NULL WHERE id = $1 AND status = 'running'`, id)
	return err
}

func (s *Store) Drop(ctx context.Context, id int64) error {
	_, err := s.DB.ExecContext(ctx, `UPDATE jobs SET status = 'failed', locked_until = NULL WHERE id = $1 AND status = 'running'`, id)
	return err
}

func (s *Store) Done(ctx context.Context, id int64) error {
	_, err := s.DB.ExecContext(ctx, `DELETE FROM jobs WHERE id = $1`, id)
	return err
}

func (s *Store) Sweep(ctx context.Context) error {
	_, err := s.DB.ExecContext(ctx, `UPDATE jobs SET status = 'queued', locked_until = NULL WHERE status = 'running' AND locked_until < now()`)
	return err
}

func (s *Store) RunOne(ctx context.Context, handle func(int64) error) error {
	j, err := s.Claim(ctx)
	if err != nil {
		return err
	}
	if err := handle(j.ID); err != nil {
		if j.Attempts >= 5 {
			return s.Drop(ctx, j.ID)
		}
		return s.Retry(ctx, j.ID)
	}
	return s.Done(ctx, j.ID)
}
