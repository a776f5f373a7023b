// A queue that deletes what it takes, in a CTE: the DELETE takes the IN
// form's extra rows, and they are gone.
package deletein

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const claimSQL = `WITH taken AS (
			DELETE FROM jobs WHERE id IN (SELECT id FROM jobs WHERE run_at <= now() ORDER BY run_at LIMIT 5 FOR UPDATE SKIP LOCKED) RETURNING id, payload)
		SELECT id, payload FROM taken`

func Take(ctx context.Context, pool *pgxpool.Pool) error {
	rows, err := pool.Query(ctx, claimSQL) // want `this DELETE takes the rows of IN \(SELECT ... LIMIT 5 FOR UPDATE SKIP LOCKED\)`
	if err != nil {
		return err
	}
	rows.Close()
	return rows.Err()
}
