// A one-statement claim whose subquery takes no lock and whose outer WHERE
// does not re-check the status, written over several lines: the finding
// sits on the outer WHERE, the line a fix changes.
package multiline

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	// want +4 `^the subquery picks the next job without locking it and the outer WHERE does not re-check the status\n`
	err = pool.QueryRow(ctx, `
		UPDATE jobs
		SET status = 'running', locked_until = now() + interval '5 minutes'
		WHERE id = (
			SELECT id FROM jobs
			WHERE status = 'queued'
			ORDER BY run_at
			LIMIT 1)
		RETURNING id`).Scan(&id)
	return id, err
}

// The claim nested in a CTE: only a statement's own clauses are placed, so
// the finding stays at the call rather than at the outer SELECT's WHERE.
func ClaimInCTE(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	// want +1 `^the subquery picks the next job without locking it`
	err = pool.QueryRow(ctx, `
		WITH taken AS (
			UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes'
			WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1)
			RETURNING id)
		SELECT id FROM taken
		WHERE id > 0`).Scan(&id)
	return id, err
}

func Reclaim(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE status = 'running' AND locked_until < now()`)
	return err
}
