// The poll admits the in-progress state, but under a deadline the claim
// does not write (run_at, when the job was due): it takes back no expired
// lease, so it is no reclaim for this rule to count.
package ok_retakeschedule

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '1 minute'
		WHERE id = (SELECT id FROM jobs WHERE status IN ('queued', 'running') AND run_at <= now()
			ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Done(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1 AND status = 'running'`, id)
	return err
}
