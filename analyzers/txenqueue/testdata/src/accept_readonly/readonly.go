// The transaction only reads: there is no uncommitted row for the job to
// miss.
package accept_readonly

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Remind(ctx context.Context, pool *pgxpool.Pool, user int64) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var email string
	if err := tx.QueryRow(ctx, `SELECT email FROM users WHERE id = $1 FOR SHARE`, user).Scan(&email); err != nil {
		return err
	}
	if _, err := pool.Exec(ctx, `INSERT INTO jobs (kind) VALUES ('reminder')`); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// The user's row is written by a transaction committed before the enqueue;
// the open one only reads.
func Rename(ctx context.Context, pool *pgxpool.Pool, user int64, name string) error {
	outer, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer outer.Rollback(ctx)
	var email string
	if err := outer.QueryRow(ctx, `SELECT email FROM users WHERE id = $1`, user).Scan(&email); err != nil {
		return err
	}
	inner, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer inner.Rollback(ctx)
	if _, err := inner.Exec(ctx, `UPDATE users SET name = $2 WHERE id = $1`, user, name); err != nil {
		return err
	}
	if err := inner.Commit(ctx); err != nil {
		return err
	}
	if _, err := pool.Exec(ctx, `UPDATE users SET renamed_at = now() WHERE id = $1`, user); err != nil {
		return err
	}
	if _, err := pool.Exec(ctx, `INSERT INTO jobs (kind) VALUES ('renamed')`); err != nil {
		return err
	}
	return outer.Commit(ctx)
}

type store struct{ pool *pgxpool.Pool }

func (s *store) exec(ctx context.Context, sql string, args ...any) error {
	_, err := s.pool.Exec(ctx, sql, args...)
	return err
}

// A helper of the module's writes the user on the pool, committed at
// once: the open transaction only reads.
func (s *store) Touch(ctx context.Context, user int64) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var email string
	if err := tx.QueryRow(ctx, `SELECT email FROM users WHERE id = $1`, user).Scan(&email); err != nil {
		return err
	}
	if err := s.exec(ctx, `UPDATE users SET touched_at = now() WHERE id = $1`, user); err != nil {
		return err
	}
	if err := s.exec(ctx, `INSERT INTO jobs (kind) VALUES ('touched')`); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
