// neoq's Enqueue takes no transaction at all.
package neoqenqueue

import (
	"context"

	"github.com/acaloiaro/neoq"
	"github.com/jackc/pgx/v5/pgxpool"
)

func Upload(ctx context.Context, pool *pgxpool.Pool, nq neoq.Neoq, name string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `INSERT INTO files (name) VALUES ($1)`, name); err != nil {
		return err
	}
	if _, err := nq.Enqueue(ctx, &neoq.Job{Queue: "thumbnails"}); err != nil { // want `enqueued outside transaction tx, which writes files and is still open\nit is enqueued by neoq's Enqueue: .* write an outbox row in the transaction`
		return err
	}
	return tx.Commit(ctx)
}
