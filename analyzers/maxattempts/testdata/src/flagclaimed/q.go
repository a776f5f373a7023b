// The claim marks the row taken with a boolean, and a failure clears it:
// the flag is the job's state, and clearing it is a retry, with no limit.
package flagclaimed

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Take(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE events SET taken = true WHERE id = (
		SELECT id FROM events WHERE taken = false ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func Done(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `DELETE FROM events WHERE id = $1`, id)
	return err
}

func release(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE events SET taken = false WHERE id = $1`, id) // want `this retry puts the job back with no limit`
	return err
}
