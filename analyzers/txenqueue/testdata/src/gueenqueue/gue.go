// gue's Enqueue runs on the client's pool: EnqueueTx takes the transaction.
package gueenqueue

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/vgarvardt/gue/v5"
)

func Invite(ctx context.Context, pool *pgxpool.Pool, gc *gue.Client, email string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `DELETE FROM invitations WHERE email = $1`, email); err != nil {
		return err
	}
	if err := gc.Enqueue(ctx, &gue.Job{Type: "invite"}); err != nil { // want `enqueued outside transaction tx, which writes invitations and is still open\nit is enqueued by gue's Enqueue: .* call EnqueueTx with the transaction`
		return err
	}
	return tx.Commit(ctx)
}
