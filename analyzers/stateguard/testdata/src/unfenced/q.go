// convoy's shape: the claim writes a claim id and the heartbeat checks it,
// because a stuck job is taken back and claimed again. The outcomes check
// only that the job is 'processing', which it is again under its second
// worker: the first worker, back from a long pause, finishes the second
// one's run.
package unfenced

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

func Complete(ctx context.Context, pool *pgxpool.Pool, id int64) (bool, error) {
	tag, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1 AND status = 'processing'`, id) // want `re-checking the state but not claim_id, which another statement checks\nonce a reclaim hands the job`
	return tag.RowsAffected() == 1, err
}

func Retry(ctx context.Context, pool *pgxpool.Pool, id int64) (bool, error) {
	tag, err := pool.Exec(ctx, `UPDATE jobs SET status = 'pending', claim_id = NULL WHERE id = $1 AND status = 'processing'`, id) // want `re-checking the state but not claim_id`
	return tag.RowsAffected() == 1, err
}

func Abandon(ctx context.Context, pool *pgxpool.Pool, id int64) (bool, error) {
	tag, err := pool.Exec(ctx, `UPDATE jobs SET status = 'failed', claim_id = NULL WHERE id = $1 AND status <> 'done'`, id) // want `re-checking the state but not claim_id`
	return tag.RowsAffected() == 1, err
}
