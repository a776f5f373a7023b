// The transaction is held in a field of the sign-up: the welcome e-mail is
// enqueued on the pool while it is open.
package txfield

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type signup struct {
	pool *pgxpool.Pool
	tx   pgx.Tx
}

func (s *signup) Run(ctx context.Context, email string) error { // want Run:"enqueues on a pool\\(public.jobs\\)"
	var err error
	s.tx, err = s.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer s.tx.Rollback(ctx)
	var id int64
	if err := s.tx.QueryRow(ctx, `INSERT INTO users (email) VALUES ($1) RETURNING id`, email).Scan(&id); err != nil {
		return err
	}
	if _, err := s.pool.Exec(ctx, `INSERT INTO jobs (kind, payload) VALUES ('welcome_email', jsonb_build_object('user_id', $1::bigint))`, id); err != nil { // want `outside transaction s.tx, which writes users and is still open\nit is enqueued by an INSERT into jobs on the pool: a worker can run the job before s.tx commits`
		return err
	}
	return s.tx.Commit(ctx)
}

// After the commit, the pool is right.
func (s *signup) RunAfter(ctx context.Context, email string) error { // want RunAfter:"enqueues on a pool\\(public.jobs\\)"
	var err error
	s.tx, err = s.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer s.tx.Rollback(ctx)
	var id int64
	if err := s.tx.QueryRow(ctx, `INSERT INTO users (email) VALUES ($1) RETURNING id`, email).Scan(&id); err != nil {
		return err
	}
	if err := s.tx.Commit(ctx); err != nil {
		return err
	}
	_, err = s.pool.Exec(ctx, `INSERT INTO jobs (kind, payload) VALUES ('welcome_email', jsonb_build_object('user_id', $1::bigint))`, id)
	return err
}
