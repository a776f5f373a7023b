// The poll takes running jobs back once their next attempt is due, but the
// claim leaves next_attempt_at in the past: the next poll takes a running
// job again while it runs. The same with an OR, where the claim writes a
// lease in another column than the one the poll compares.
package retakenow

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	// want +1 `this claim takes 'running' jobs again once next_attempt_at has passed, and leaves next_attempt_at in the past`
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (
		SELECT id FROM jobs WHERE status IN ('pending', 'running') AND next_attempt_at <= now()
		ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func ClaimOr(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	// want +1 `takes 'running' jobs again once next_attempt_at has passed`
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '1 minute' WHERE id = (
		SELECT id FROM jobs WHERE status = 'pending' OR (status = 'running' AND next_attempt_at < now())
		ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

// ClaimCounted counts the attempt it filters on: a count is no lease, and
// the running job is taken again all the same.
func ClaimCounted(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	// want +1 `takes 'running' jobs again once next_attempt_at has passed`
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (
		SELECT id FROM jobs WHERE status IN ('pending', 'running') AND next_attempt_at <= now() AND attempts < 5
		ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}
