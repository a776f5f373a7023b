// The batch is read with FOR UPDATE SKIP LOCKED in a transaction, and the
// transaction is handed to the helper that marks each row: the row locks
// last until Commit, after every mark.
package ok_helperstep_tx

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type pending struct {
	id   int64
	body string
}

func Drain(ctx context.Context, pool *pgxpool.Pool, batch int) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	rows, err := tx.Query(ctx, `SELECT id, body FROM mail_outbox WHERE status = 'pending' ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`, batch)
	if err != nil {
		return err
	}
	var batchRows []pending
	for rows.Next() {
		var p pending
		if err := rows.Scan(&p.id, &p.body); err != nil {
			rows.Close()
			return err
		}
		batchRows = append(batchRows, p)
	}
	rows.Close()
	for _, p := range batchRows {
		if err := markSending(ctx, tx, p.id); err != nil {
			return err
		}
	}
	return tx.Commit(ctx)
}

func markSending(ctx context.Context, tx pgx.Tx, id int64) error {
	_, err := tx.Exec(ctx, `UPDATE mail_outbox SET status = 'sending', sending_at = now() WHERE id = $1`, id)
	return err
}

func MarkSent(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE mail_outbox SET status = 'sent' WHERE id = $1`, id)
	return err
}
