// A relay that takes each row with a compare-and-set whose row count it
// checks before the send: a second relay's UPDATE matches nothing, and it
// moves on.
package ok_relay_cas_checked

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Sender interface {
	Send(ctx context.Context, to, body string) error
}

type message struct {
	ID   int64
	To   string
	Body string
}

func Enqueue(ctx context.Context, pool *pgxpool.Pool, to, body string) error {
	_, err := pool.Exec(ctx, `INSERT INTO outbox (recipient, body, status) VALUES ($1, $2, 'pending')`, to, body)
	return err
}

func Relay(ctx context.Context, pool *pgxpool.Pool, s Sender) error {
	rows, _ := pool.Query(ctx, `SELECT id, recipient, body FROM outbox WHERE status = 'pending' ORDER BY id LIMIT 50`)
	msgs, err := pgx.CollectRows(rows, pgx.RowToStructByPos[message])
	if err != nil {
		return err
	}
	for _, m := range msgs {
		tag, err := pool.Exec(ctx, `UPDATE outbox SET status = 'sending' WHERE id = $1 AND status = 'pending'`, m.ID)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			continue
		}
		if err := s.Send(ctx, m.To, m.Body); err != nil {
			return err
		}
		if _, err := pool.Exec(ctx, `UPDATE outbox SET status = 'sent' WHERE id = $1`, m.ID); err != nil {
			return err
		}
	}
	return nil
}
