// The same queue with its outcomes fenced on the claim id, as its
// heartbeat is: a worker that lost the job changes nothing.
package ok_fenced

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
	tag, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1 AND status = 'processing' AND claim_id = $2`, id, claim)
	return tag.RowsAffected() == 1, err
}

func Retry(ctx context.Context, pool *pgxpool.Pool, id int64, claim string) (bool, error) {
	tag, err := pool.Exec(ctx, `UPDATE jobs SET status = 'pending', claim_id = NULL WHERE id = $1 AND claim_id = $2`, id, claim)
	return tag.RowsAffected() == 1, err
}

// CancelQueue is an operator's action on every running job of a queue: no
// worker's claim id to check.
func CancelQueue(ctx context.Context, pool *pgxpool.Pool, queue string) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'cancelled' WHERE queue = $1 AND status = 'processing'`, queue)
	return err
}
