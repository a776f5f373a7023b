// The claim itself takes expired leases back: its poll selects runnable
// jobs or running ones whose lease has passed.
package ok_orpoll

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '1 minute'
		WHERE id = (SELECT id FROM jobs
		            WHERE status = 'queued' OR (status = 'running' AND locked_until < now())
		            ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}
