// The same poll, its batch taken in the transaction that locks it, before
// pgx.BeginFunc commits; and polls whose transaction is the caller's,
// given to it (BeginFunc on it makes a savepoint, which releases no lock),
// which the caller commits after the take.
package ok_splitowntx

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Store struct{ pool *pgxpool.Pool }

func (s *Store) Claim(ctx context.Context, n int) ([]int64, error) {
	var ids []int64
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT $1 FOR UPDATE SKIP LOCKED`, n)
		if err != nil {
			return err
		}
		if ids, err = pgx.CollectRows(rows, pgx.RowTo[int64]); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = ANY($1)`, ids)
		return err
	})
	return ids, err
}

func (s *Store) PendingIn(ctx context.Context, tx pgx.Tx, n int) ([]int64, error) {
	rows, err := tx.Query(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT $1 FOR UPDATE SKIP LOCKED`, n)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

func (s *Store) PendingSavepoint(ctx context.Context, tx pgx.Tx, n int) ([]int64, error) {
	var ids []int64
	err := pgx.BeginFunc(ctx, tx, func(sp pgx.Tx) error {
		rows, err := sp.Query(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT $1 FOR UPDATE SKIP LOCKED`, n)
		if err != nil {
			return err
		}
		ids, err = pgx.CollectRows(rows, pgx.RowTo[int64])
		return err
	})
	return ids, err
}

func (s *Store) MarkRunningIn(ctx context.Context, tx pgx.Tx, id int64) error {
	_, err := tx.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return err
}

func (s *Store) Enqueue(ctx context.Context) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO jobs (status) VALUES ('queued')`)
	return err
}
