package createdunpolled // want package:"queues\\(public.outbox\\)"

// Messages are created 'queued', or 'failed' when refused at once; the
// claim takes 'queued' ones and expired 'sending' ones. A 'failed' written
// by key ends the message: no poll takes it. A 'held' written by key is
// created too, and the second poll takes it again: a retry.

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func enqueue(ctx context.Context, pool *pgxpool.Pool, to string, refused bool) error {
	if refused {
		_, err := pool.Exec(ctx, `INSERT INTO outbox (recipient, status) VALUES ($1, 'failed')`, to)
		return err
	}
	_, err := pool.Exec(ctx, `INSERT INTO outbox (recipient, status) VALUES ($1, 'queued')`, to)
	return err
}

func hold(ctx context.Context, pool *pgxpool.Pool, to string) error {
	_, err := pool.Exec(ctx, `INSERT INTO outbox (recipient, status) VALUES ($1, 'held')`, to)
	return err
}

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) { // want claim:"claims jobs"
	err = pool.QueryRow(ctx, `UPDATE outbox SET status = 'sending', locked_at = now()
		WHERE id = (SELECT id FROM outbox
			WHERE status = 'queued' OR (status = 'sending' AND locked_at < now() - interval '5 minutes')
			ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func claimHeld(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) { // want claimHeld:"claims jobs"
	err = pool.QueryRow(ctx, `UPDATE outbox SET status = 'sending', locked_at = now()
		WHERE id = (SELECT id FROM outbox WHERE status = 'held' AND release_at <= now()
			ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func fail(ctx context.Context, pool *pgxpool.Pool, id int64) error { // want fail:"fails jobs, writes outcomes, returns a write's error"
	_, err := pool.Exec(ctx, `UPDATE outbox SET status = 'failed', locked_at = NULL WHERE id = $1`, id)
	return err
}

func defer_(ctx context.Context, pool *pgxpool.Pool, id int64) error { // want defer_:"fails jobs, writes outcomes, returns a write's error"
	_, err := pool.Exec(ctx, `UPDATE outbox SET status = 'held', locked_at = NULL, release_at = now() + interval '1 hour' WHERE id = $1`, id)
	return err
}
