// Rows polled unlocked whose take does not keep a second worker out: one
// takes each row by a compare-and-set whose row count it ignores, and
// sends whether or not it took the row; one checks the row count of an
// UPDATE that does not re-check the state. Both take each row (sending)
// before its work, the loop's next turn running on another row: a claim
// in two steps (a relay that sends first is relay_cas_sendfirst).
package relay_cas_unchecked

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

func RelayUnchecked(ctx context.Context, pool *pgxpool.Pool, s Sender) error {
	rows, _ := pool.Query(ctx, `SELECT id, recipient, body FROM outbox WHERE status = 'pending' ORDER BY id LIMIT 50`)
	msgs, err := pgx.CollectRows(rows, pgx.RowToStructByPos[message])
	if err != nil {
		return err
	}
	for _, m := range msgs {
		if _, err := pool.Exec(ctx, `UPDATE outbox SET status = 'sending' WHERE id = $1 AND status = 'pending'`, m.ID); err != nil { // want `this compare-and-set claim re-checks the status, but nothing checks that it matched a row`
			return err
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

// RelayNoRecheck checks the row count of an UPDATE that does not re-check
// the state: a second relay's UPDATE matches the row too.
func RelayNoRecheck(ctx context.Context, pool *pgxpool.Pool, s Sender) error {
	rows, _ := pool.Query(ctx, `SELECT id, recipient, body FROM outbox WHERE status = 'pending' ORDER BY id LIMIT 50`) // want `two workers can claim the same job`
	msgs, err := pgx.CollectRows(rows, pgx.RowToStructByPos[message])
	if err != nil {
		return err
	}
	for _, m := range msgs {
		tag, err := pool.Exec(ctx, `UPDATE outbox SET status = 'sending' WHERE id = $1`, m.ID)
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
