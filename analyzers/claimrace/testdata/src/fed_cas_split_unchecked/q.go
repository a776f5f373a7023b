// The same worker through a store's methods: Handle takes the job, runs
// it and finishes it, and never learns whether the take matched a row.
package fed_cas_split_unchecked

import (
	"context"
	"database/sql"
)

type Store struct{ db *sql.DB }

func (s *Store) Enqueue(ctx context.Context, payload string) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO jobs (payload, status) VALUES ($1, 'pending')`, payload)
	return err
}

func (s *Store) markRunning(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1 AND status = 'pending'`, id) // want `compare-and-set claim`
	return err
}

func (s *Store) markFinished(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET status = 'finished' WHERE id = $1`, id)
	return err
}

func (s *Store) Handle(ctx context.Context, id int64, run func() error) error {
	if err := s.markRunning(ctx, id); err != nil {
		return err
	}
	if err := run(); err != nil {
		return err
	}
	return s.markFinished(ctx, id)
}
