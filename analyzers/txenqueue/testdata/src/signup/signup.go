// The welcome e-mail is enqueued on the pool while the user's row is
// uncommitted.
package signup

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func SignUp(ctx context.Context, pool *pgxpool.Pool, email string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var id int64
	if err := tx.QueryRow(ctx, `INSERT INTO users (email) VALUES ($1) RETURNING id`, email).Scan(&id); err != nil {
		return err
	}
	if _, err := pool.Exec(ctx, `INSERT INTO jobs (kind, payload) VALUES ('welcome_email', jsonb_build_object('user_id', $1::bigint))`, id); err != nil { // want `this job is enqueued outside transaction tx, which writes users and is still open\nit is enqueued by an INSERT into jobs on the pool: a worker can run the job before tx commits and not see the row, and the job stays queued if tx rolls back; run the INSERT on tx, or enqueue after tx.Commit succeeds`
		return err
	}
	return tx.Commit(ctx)
}

type store struct{ pool *pgxpool.Pool }

func (s *store) exec(ctx context.Context, sql string, args ...any) error {
	_, err := s.pool.Exec(ctx, sql, args...)
	return err
}

// The enqueue passes through a helper of the module's that runs on the pool.
func (s *store) SignUp(ctx context.Context, email string) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `INSERT INTO users (email) VALUES ($1)`, email); err != nil {
		return err
	}
	if err := s.exec(ctx, `INSERT INTO jobs (kind) VALUES ('welcome_email')`); err != nil { // want `enqueued outside transaction tx, which writes users and is still open\nit is enqueued by an INSERT into jobs on the pool:`
		return err
	}
	return tx.Commit(ctx)
}
