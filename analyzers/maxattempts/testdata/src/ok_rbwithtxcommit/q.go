// The package's own helper commits whatever the function returns: the
// handler's error does not roll the claim back (what the commit leaves is
// not this shape).
package ok_rbwithtxcommit

import (
	"context"
	"log"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Store struct{ pool *pgxpool.Pool }

func (s *Store) InTx(ctx context.Context, fn func(tx pgx.Tx) error) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		log.Printf("job failed: %v", err)
	}
	return tx.Commit(ctx)
}

func (s *Store) Next(ctx context.Context, handle func(context.Context, []byte) error) error {
	return s.InTx(ctx, func(tx pgx.Tx) error {
		var id int64
		var payload []byte
		if err := tx.QueryRow(ctx, `SELECT id, payload FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id, &payload); err != nil {
			return err
		}
		if err := handle(ctx, payload); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
		return err
	})
}
