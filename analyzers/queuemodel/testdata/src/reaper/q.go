package reaper // want package:"queues\\(public.outbox\\)"

// An outbox whose claim, reaper and re-take are each one UPDATE around a
// locking CTE: the reaper takes delivering rows whose lease the claim
// wrote back to pending (a reclaim); the re-take takes them into
// delivering again (a claim).

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) error { // want Claim:"claims jobs"
	_, err := pool.Exec(ctx, `WITH t AS (SELECT id FROM outbox WHERE status = 'pending' AND available_at <= now()
		ORDER BY available_at LIMIT 10 FOR UPDATE SKIP LOCKED)
	UPDATE outbox SET status = 'delivering', locked_at = now() FROM t WHERE outbox.id = t.id`)
	return err
}

func Reap(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `WITH stuck AS (SELECT id FROM outbox WHERE status = 'delivering'
		AND (locked_at < now() - interval '5 minutes' OR locked_at IS NULL) LIMIT 100 FOR UPDATE SKIP LOCKED)
	UPDATE outbox SET status = 'pending', locked_at = NULL FROM stuck WHERE outbox.id = stuck.id`)
	return err
}

func Retake(ctx context.Context, pool *pgxpool.Pool) error { // want Retake:"claims jobs"
	_, err := pool.Exec(ctx, `WITH t AS (SELECT id FROM outbox WHERE status = 'delivering'
		AND locked_at < now() - interval '5 minutes' LIMIT 10 FOR UPDATE SKIP LOCKED)
	UPDATE outbox SET status = 'delivering', locked_at = now() FROM t WHERE outbox.id = t.id`)
	return err
}

func Deliver(ctx context.Context, pool *pgxpool.Pool, id int64) error { // want Deliver:"completes jobs, writes outcomes"
	_, err := pool.Exec(ctx, `UPDATE outbox SET status = 'delivered', locked_at = NULL WHERE id = $1 AND status = 'delivering'`, id)
	return err
}
