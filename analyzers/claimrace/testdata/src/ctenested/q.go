// The claim's UPDATE sits in a CTE under a SELECT; the CTE that picks the
// job takes no lock, and the UPDATE does not re-check the status.
package ctenested

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const claim = `
WITH next AS (
    SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1
), claimed AS (
    UPDATE jobs SET status = 'running' WHERE id IN (SELECT id FROM next) RETURNING id, payload
)
SELECT id, payload FROM claimed`

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, payload []byte, err error) {
	err = pool.QueryRow(ctx, claim).Scan(&id, &payload) // want `the subquery picks the next job without locking it`
	return id, payload, err
}
