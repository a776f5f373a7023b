// A claim id checked by the heartbeat, but nothing takes a claimed job
// back: no second worker can hold it, and a state re-check is enough.
package ok_fenceduncontested

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

func Complete(ctx context.Context, pool *pgxpool.Pool, id int64) (bool, error) {
	tag, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1 AND status = 'processing'`, id)
	return tag.RowsAffected() == 1, err
}
