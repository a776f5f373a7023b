// A queue whose claim stamps updated_at with the clock, as its completion
// and its failure do: updated_at says when the row was last touched, no
// lease, and nothing in the module takes a processing job back by it.
package store

import (
	"context"
	"database/sql"
)

type Store struct{ db *sql.DB }

func New(db *sql.DB) *Store { return &Store{db: db} }

func (s *Store) Enqueue(ctx context.Context, payload []byte) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO jobs (payload) VALUES ($1)`, payload)
	return err
}

func (s *Store) Claim(ctx context.Context) (id int64, payload []byte, err error) {
	// want +1 `this claim moves the job to 'processing' and writes no lease deadline`
	err = s.db.QueryRowContext(ctx, `UPDATE jobs SET status = 'processing', updated_at = now()
		WHERE id = (SELECT id FROM jobs WHERE status = 'pending' ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, payload`).Scan(&id, &payload)
	return id, payload, err
}

func (s *Store) Done(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET status = 'done', updated_at = now() WHERE id = $1`, id)
	return err
}

func (s *Store) Fail(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET status = 'failed', updated_at = now() WHERE id = $1`, id)
	return err
}

func (s *Store) Run(ctx context.Context, run func([]byte) error) {
	for ctx.Err() == nil {
		id, payload, err := s.Claim(ctx)
		if err != nil {
			continue
		}
		if err := run(payload); err != nil {
			_ = s.Fail(ctx, id)
			continue
		}
		if err := s.Done(ctx, id); err != nil {
			continue
		}
	}
}
