// An inbox relay that polls and marks in one transaction: a message that
// does not decode rolls the transaction back and is polled again first.
package relaydecodetx

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type PaymentDone struct {
	OrderID string `json:"order_id"`
}

type Orders interface {
	MarkPaid(ctx context.Context, orderID string) error
}

func Receive(ctx context.Context, pool *pgxpool.Pool, body []byte) error {
	_, err := pool.Exec(ctx, `INSERT INTO inbox (body) VALUES ($1)`, body)
	return err
}

func Consume(ctx context.Context, pool *pgxpool.Pool, orders Orders) error {
	tx, err := pool.BeginTx(ctx, pgx.TxOptions{})
	if err != nil {
		return err
	}
	var id int64
	var body []byte
	if err := tx.QueryRow(ctx, `SELECT id, body FROM inbox WHERE handled_at IS NULL ORDER BY id LIMIT 1`).Scan(&id, &body); err != nil {
		tx.Rollback(ctx)
		return err
	}
	var msg PaymentDone
	if err := json.Unmarshal(body, &msg); err != nil { // want `a row that keeps failing is taken again by every poll`
		tx.Rollback(ctx)
		return err
	}
	if err := orders.MarkPaid(ctx, msg.OrderID); err != nil {
		tx.Rollback(ctx)
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE inbox SET handled_at = now() WHERE id = $1`, id); err != nil {
		tx.Rollback(ctx)
		return err
	}
	return tx.Commit(ctx)
}
