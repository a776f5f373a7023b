// A relay that sends each row before its compare-and-set: a second
// relay sends it too before either marks it.
package relay_cas_sendfirst

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

func RelaySendFirst(ctx context.Context, pool *pgxpool.Pool, s Sender) error {
	rows, _ := pool.Query(ctx, `SELECT id, recipient, body FROM outbox WHERE status = 'pending' ORDER BY id LIMIT 50`) // want `two relays read the same unmarked rows`
	msgs, err := pgx.CollectRows(rows, pgx.RowToStructByPos[message])
	if err != nil {
		return err
	}
	for _, m := range msgs {
		if err := s.Send(ctx, m.To, m.Body); err != nil {
			return err
		}
		tag, err := pool.Exec(ctx, `UPDATE outbox SET status = 'sent' WHERE id = $1 AND status = 'pending'`, m.ID)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			continue
		}
	}
	return nil
}
