// The same in a pgx.BeginFunc closure.
package ok_beginfunc

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
		return err
	})
	return id, err
}
