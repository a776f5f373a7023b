// pgx.BeginFunc rolls back when its function returns an error: the
// handler's error, returned, undoes the claim.
package rbbeginfunc

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Processor interface {
	Validate(payload []byte) error
	Process(ctx context.Context, payload []byte) error
}

func Step(ctx context.Context, pool *pgxpool.Pool, p Processor) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		var id int64
		var payload []byte
		if err := tx.QueryRow(ctx, `SELECT id, payload FROM inbox WHERE processed_at IS NULL ORDER BY received_at LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id, &payload); err != nil {
			return err
		}
		if err := p.Validate(payload); err != nil {
			return err // want `this rollback of the claim's transaction puts the job back with no attempt recorded and no limit`
		}
		// One finding per transaction: this second failure rolls back the same claim.
		if err := p.Process(ctx, payload); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE inbox SET processed_at = now() WHERE id = $1`, id)
		return err
	})
}
