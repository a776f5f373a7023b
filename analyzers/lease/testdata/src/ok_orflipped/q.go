// The claim takes expired leases back, the comparison written with the
// clock first: now() > locked_until is locked_until < now().
package ok_orflipped

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '1 minute'
		WHERE id = (SELECT id FROM jobs
		            WHERE status = 'queued' OR (status = 'running' AND now() > locked_until)
		            ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}
