package helperstep_workfirst // want package:"queues\\(public.mail_outbox\\)"

// The helper sends the row first and then marks it: its UPDATE records
// what the send did, it does not take the row.

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Drain(ctx context.Context, pool *pgxpool.Pool, batch int) error { // want Drain:"claims jobs, completes jobs"
	rows, err := pool.Query(ctx, `SELECT id, body FROM mail_outbox WHERE status = 'pending' ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`, batch)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var body string
		if err := rows.Scan(&id, &body); err != nil {
			continue
		}
		_ = sendOne(ctx, pool, id, body)
	}
	return rows.Err()
}

func sendOne(ctx context.Context, pool *pgxpool.Pool, id int64, body string) error { // want sendOne:"completes jobs, writes outcomes, returns a write's error"
	if err := deliver(body); err != nil {
		return err
	}
	_, err := pool.Exec(ctx, `UPDATE mail_outbox SET status = 'sending' WHERE id = $1`, id)
	return err
}

func deliver(body string) error {
	if body == "" {
		return errors.New("empty")
	}
	return nil
}
