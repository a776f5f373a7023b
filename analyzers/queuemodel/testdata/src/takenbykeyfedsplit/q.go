package takenbykeyfedsplit // want package:"queues\\(public.jobs\\)"

// The same worker with its statements in methods of a store: one function
// takes the job, then finishes it.

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Store struct{ pool *pgxpool.Pool }

func (s *Store) Enqueue(ctx context.Context, payload string) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO jobs (payload) VALUES ($1)`, payload)
	return err
}

func (s *Store) take(ctx context.Context, id int64) (bool, error) { // want take:"claims jobs"
	tag, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'processing' WHERE id = $1 AND status = 'pending'`, id)
	return tag.RowsAffected() == 1, err
}

func (s *Store) finish(ctx context.Context, id int64) error { // want finish:"completes jobs, writes outcomes"
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

func (s *Store) Handle(ctx context.Context, id int64, run func() error) error { // want Handle:"claims jobs, completes jobs"
	ok, err := s.take(ctx, id)
	if err != nil || !ok {
		return err
	}
	if err := run(); err != nil {
		return err
	}
	return s.finish(ctx, id)
}
