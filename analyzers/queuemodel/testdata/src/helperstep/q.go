package helperstep // want package:"queues\\(public.mail_outbox\\)"

// A batch read with FOR UPDATE SKIP LOCKED on the pool, each row handed to
// a helper, given the pool, that marks it taken before it sends it: the
// row locks ended with the SELECT, so a second sender reads the same rows
// before the helper's UPDATE runs.

import (
	"context"
	"errors"
	"log"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Drain(ctx context.Context, pool *pgxpool.Pool, batch int) error { // want Drain:"claims jobs in a loop, completes jobs, fails jobs"
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
		if err := sendOne(ctx, pool, id, body); err != nil {
			log.Printf("mail %d: %v", id, err)
		}
	}
	return rows.Err()
}

func sendOne(ctx context.Context, pool *pgxpool.Pool, id int64, body string) error { // want sendOne:"claims jobs, completes jobs, fails jobs"
	if _, err := pool.Exec(ctx, `UPDATE mail_outbox SET status = 'sending', sending_at = now() WHERE id = $1`, id); err != nil {
		return err
	}
	if err := deliver(body); err != nil {
		_, _ = pool.Exec(ctx, `UPDATE mail_outbox SET status = 'pending', attempts = attempts + 1 WHERE id = $1`, id)
		return err
	}
	_, err := pool.Exec(ctx, `UPDATE mail_outbox SET status = 'sent' WHERE id = $1`, id)
	return err
}

func deliver(body string) error {
	if body == "" {
		return errors.New("empty")
	}
	return nil
}
