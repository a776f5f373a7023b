// A mail relay records a message it refuses to send as 'failed' when it
// is enqueued; its claim takes 'queued' messages and 'sending' ones whose
// lock expired, never 'failed'. A send that fails for good is written
// 'failed' too: the polls never take it again, so the message ends there.
// No retry is made here, and an operator's redrive of a failed message
// (status = 'failed' in its filter) starts its count again.
package ok_failedcreated

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func enqueue(ctx context.Context, pool *pgxpool.Pool, to string) error {
	_, err := pool.Exec(ctx, `INSERT INTO outbox (recipient, status) VALUES ($1, 'queued')`, to)
	return err
}

// refuse records a message the policy blocks, without sending it.
func refuse(ctx context.Context, pool *pgxpool.Pool, to, reason string) error {
	_, err := pool.Exec(ctx, `INSERT INTO outbox (recipient, status, last_error) VALUES ($1, 'failed', $2)`, to, reason)
	return err
}

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE outbox SET status = 'sending', locked_at = now(), attempts = attempts + 1
		WHERE id = (SELECT id FROM outbox
			WHERE status = 'queued' OR (status = 'sending' AND locked_at < now() - interval '5 minutes')
			ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func sent(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE outbox SET status = 'sent', locked_at = NULL WHERE id = $1 AND status = 'sending'`, id)
	return err
}

// giveUp records a permanent failure reported by the provider.
func giveUp(ctx context.Context, pool *pgxpool.Pool, id int64, reason string) error {
	_, err := pool.Exec(ctx, `UPDATE outbox SET status = 'failed', last_error = $2, locked_at = NULL, finished_at = now() WHERE id = $1`, id, reason)
	return err
}

// redrive sends a failed message again, on an operator's request.
func redrive(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE outbox SET status = 'queued', attempts = 0, last_error = NULL WHERE id = $1 AND status = 'failed'`, id)
	return err
}
