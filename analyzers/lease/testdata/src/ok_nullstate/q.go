// NULL as the state: the claim stamps locked_at, and the poll itself takes
// back a job whose stamp is too old.
package ok_nullstate

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET locked_at = now()
		WHERE id = (SELECT id FROM jobs WHERE locked_at IS NULL OR locked_at < now() - interval '5 minutes'
		            ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Done(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `DELETE FROM jobs WHERE id = $1`, id)
	return err
}
