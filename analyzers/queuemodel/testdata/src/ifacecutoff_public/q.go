package ifacecutoff_public // want package:"queues\\(public.jobs\\)" package:"implements\\(ifacecutoff_public.Store.Claim implements"

// The same store and worker in a package any module may import: code
// outside it may call Recover with any time, so what its parameter holds
// is not known.

import (
	"context"
	"database/sql"
	"time"
)

type Store struct{ db *sql.DB }

func (s *Store) Claim(ctx context.Context) (id int64, err error) { // want Claim:"claims jobs"
	err = s.db.QueryRowContext(ctx, `UPDATE jobs SET status = 'running', started_at = now()
		WHERE id = (SELECT id FROM jobs WHERE status = 'pending' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

// Recover is called by the worker with a cutoff in the past.
func (s *Store) Recover(ctx context.Context, before time.Time) (int64, error) {
	res, err := s.db.ExecContext(ctx, `UPDATE jobs SET status = 'pending' WHERE status = 'running' AND started_at <= $1`, before)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// Release is called with a time ahead of the clock.
func (s *Store) Release(ctx context.Context, until time.Time) error {
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET status = 'pending' WHERE status = 'running' AND started_at <= $1`, until)
	return err
}

// RequeueBefore is called by no code of the package.
func (s *Store) RequeueBefore(ctx context.Context, before time.Time) error {
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET status = 'pending' WHERE status = 'running' AND started_at <= $1`, before)
	return err
}

type jobStore interface {
	Claim(ctx context.Context) (int64, error)
	Recover(ctx context.Context, before time.Time) (int64, error)
	Release(ctx context.Context, until time.Time) error
}

type Worker struct {
	store   jobStore
	now     func() time.Time
	timeout time.Duration
}

func NewWorker(s *Store) *Worker {
	return &Worker{store: s, now: time.Now, timeout: 5 * time.Minute}
}

func (w *Worker) Run(ctx context.Context) { // want Run:"calls ifacecutoff_public.jobStore.Claim on ifacecutoff_public.Store in a loop"
	for ctx.Err() == nil {
		now := w.now().UTC()
		w.recover(ctx, now)
		_ = w.store.Release(ctx, now.Add(w.timeout))
		if _, err := w.store.Claim(ctx); err != nil {
			return
		}
	}
}

func (w *Worker) recover(ctx context.Context, now time.Time) { // want recover:"calls ifacecutoff_public.jobStore.Recover on ifacecutoff_public.Store"
	cutoff := now.Add(-w.timeout)
	_, _ = w.store.Recover(ctx, cutoff)
}
