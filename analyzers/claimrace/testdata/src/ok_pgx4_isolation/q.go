// On pgx v4, an unlocked read and its take in a SERIALIZABLE transaction
// begun by the pool's BeginTxFunc: of two workers that read the same job,
// the second UPDATE fails with SQLSTATE 40001 and only one takes it.
package ok_pgx4_isolation

import (
	"context"

	"github.com/jackc/pgx/v4"
	"github.com/jackc/pgx/v4/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.BeginTxFunc(ctx, pgx.TxOptions{IsoLevel: pgx.Serializable}, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1`).Scan(&id); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
		return err
	})
	return id, err
}
