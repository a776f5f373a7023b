// The same relay, but its claim takes 'failed' messages back as well: a
// failure written by key puts the message where the next poll finds it,
// and nothing ever stops it.
package failedpolled

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func enqueue(ctx context.Context, pool *pgxpool.Pool, to string) error {
	_, err := pool.Exec(ctx, `INSERT INTO outbox (recipient, status) VALUES ($1, 'queued')`, to)
	return err
}

func refuse(ctx context.Context, pool *pgxpool.Pool, to, reason string) error {
	_, err := pool.Exec(ctx, `INSERT INTO outbox (recipient, status, last_error) VALUES ($1, 'failed', $2)`, to, reason)
	return err
}

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE outbox SET status = 'sending', locked_at = now(), attempts = attempts + 1
		WHERE id = (SELECT id FROM outbox
			WHERE status IN ('queued', 'failed') OR (status = 'sending' AND locked_at < now() - interval '5 minutes')
			ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func sent(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE outbox SET status = 'sent', locked_at = NULL WHERE id = $1 AND status = 'sending'`, id)
	return err
}

func giveUp(ctx context.Context, pool *pgxpool.Pool, id int64, reason string) error {
	_, err := pool.Exec(ctx, `UPDATE outbox SET status = 'failed', last_error = $2, locked_at = NULL, finished_at = now() WHERE id = $1`, id, reason) // want `puts the job back with no limit`
	return err
}
