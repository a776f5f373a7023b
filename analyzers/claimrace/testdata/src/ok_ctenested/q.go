// The same nested claim, with the picking CTE locking its row.
package ok_ctenested

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const claim = `
WITH next AS (
    SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED
), claimed AS (
    UPDATE jobs SET status = 'running' WHERE id IN (SELECT id FROM next) RETURNING id, payload
)
SELECT id, payload FROM claimed`

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, payload []byte, err error) {
	err = pool.QueryRow(ctx, claim).Scan(&id, &payload)
	return id, payload, err
}
