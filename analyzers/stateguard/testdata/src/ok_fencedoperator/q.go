// A fenced queue: the heartbeat and the outcomes check the claim id,
// because a stuck job is taken back and claimed again. The operator's
// retry of a failed job checks the state only, and needs nothing more: no
// claim holds a job in the states it takes (failed, dead), so there is no
// claim to overwrite.
package ok_fencedoperator

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, claim string, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'processing', claim_id = gen_random_uuid(), claimed_at = now()
		WHERE id = (SELECT id FROM jobs WHERE status = 'pending' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, claim_id`).Scan(&id, &claim)
	return id, claim, err
}

func Heartbeat(ctx context.Context, pool *pgxpool.Pool, id int64, claim string) (bool, error) {
	tag, err := pool.Exec(ctx, `UPDATE jobs SET claimed_at = now() WHERE id = $1 AND claim_id = $2`, id, claim)
	return tag.RowsAffected() == 1, err
}

func ReclaimStuck(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'pending', claim_id = NULL
		WHERE status = 'processing' AND claimed_at < now() - interval '90 seconds'`)
	return err
}

func Complete(ctx context.Context, pool *pgxpool.Pool, id int64, claim string) (bool, error) {
	tag, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done', claim_id = NULL WHERE id = $1 AND status = 'processing' AND claim_id = $2`, id, claim)
	return tag.RowsAffected() == 1, err
}

func Fail(ctx context.Context, pool *pgxpool.Pool, id int64, claim string) (bool, error) {
	tag, err := pool.Exec(ctx, `UPDATE jobs SET status = 'failed', claim_id = NULL WHERE id = $1 AND status = 'processing' AND claim_id = $2`, id, claim)
	return tag.RowsAffected() == 1, err
}

// RetryFailed is the operator's: a failed or dead job runs again.
func RetryFailed(ctx context.Context, pool *pgxpool.Pool, id int64) (bool, error) {
	tag, err := pool.Exec(ctx, `UPDATE jobs SET status = 'pending' WHERE id = $1 AND status IN ('failed', 'dead')`, id)
	return tag.RowsAffected() == 1, err
}
