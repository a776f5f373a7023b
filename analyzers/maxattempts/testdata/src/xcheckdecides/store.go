// A store's exported Settle compares its argument with a constant, but the
// way that skips the retry records the outcome: the argument chooses
// between completing and retrying, it is no check of bad input. Nothing
// in Settle, nor in its package, limits the retries.
package xcheckdecides

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Store struct{ pool *pgxpool.Pool }

func (s *Store) Claim(ctx context.Context) (id string, attempts int, err error) {
	err = s.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, attempts`).Scan(&id, &attempts)
	return id, attempts, err
}

func (s *Store) Settle(ctx context.Context, id, outcome string) error {
	if outcome == "done" {
		_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
		return err
	}
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id) // want `this retry puts the job back with no limit`
	return err
}

// SettleTx makes the transaction that retries only when the outcome is
// not "done": the closure's own body is unconditional, the decision is
// the enclosing function's.
func (s *Store) SettleTx(ctx context.Context, id, outcome string) error {
	if outcome == "done" {
		_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
		return err
	}
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id) // want `this retry puts the job back with no limit`
		return err
	})
}
