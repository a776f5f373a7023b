// NULL as the state: the claim stamps locked_at, a retry clears it, and
// nothing clears a stamp that is too old.
package nullstate

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	// want +1 `this claim writes a lease \(locked_at\), but no statement in the module returns jobs whose lease expired\na killed worker's job stays claimed \(locked_at set\) forever; add a reclaimer that runs periodically: UPDATE jobs SET locked_at = NULL WHERE locked_at IS NOT NULL AND locked_at \+ interval '5 minutes' < now\(\)`
	err = pool.QueryRow(ctx, `UPDATE jobs SET locked_at = now()
		WHERE id = (SELECT id FROM jobs WHERE locked_at IS NULL ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Retry(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET locked_at = NULL WHERE id = $1`, id)
	return err
}

func Done(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `DELETE FROM jobs WHERE id = $1`, id)
	return err
}
