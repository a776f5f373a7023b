// The package's own WithTx runs a function in a transaction and rolls it
// back when the function returns an error, as pgx.BeginFunc does: the
// handler's error, returned, undoes the claim.
package rbwithtx

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Store struct{ pool *pgxpool.Pool }

func (s *Store) WithTx(ctx context.Context, fn func(tx pgx.Tx) error) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback(ctx)
		return err
	}
	return tx.Commit(ctx)
}

func (s *Store) Next(ctx context.Context, handle func(context.Context, []byte) error) error {
	return s.WithTx(ctx, func(tx pgx.Tx) error {
		var id int64
		var payload []byte
		if err := tx.QueryRow(ctx, `SELECT id, payload FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id, &payload); err != nil {
			return err
		}
		if err := handle(ctx, payload); err != nil {
			return err // want `this rollback of the claim's transaction puts the job back with no attempt recorded and no limit`
		}
		_, err := tx.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
		return err
	})
}
