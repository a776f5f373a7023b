// The poll takes running jobs back once next_attempt_at is due, and the
// claim pushes next_attempt_at ahead: a lease the running job holds
// until it passes, as a visibility timeout does. A poll that compares the
// clock only for pending jobs takes no running job back.
package ok_retakepushed

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1, next_attempt_at = now() + interval '10 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status IN ('pending', 'running') AND next_attempt_at <= now() AND attempts < 5
		ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func ClaimDue(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1, next_attempt_at = now() + interval '10 minutes'
		WHERE id = (SELECT id FROM jobs WHERE (status = 'pending' AND next_attempt_at <= now()) OR (status = 'running' AND next_attempt_at < now())
		ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

// ClaimPending compares the clock for pending jobs only; Reap returns
// running jobs whose lease passed.
func ClaimPending(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'pending' AND run_at <= now()
		ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func Reap(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'pending' WHERE status = 'running' AND locked_until < now()`)
	return err
}
