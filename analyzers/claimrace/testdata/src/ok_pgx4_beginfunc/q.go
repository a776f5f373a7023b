// On pgx v4, BeginFunc is a method of the pool and of the connection: the
// locked read and the take run in the transaction it begins and commits.
package ok_pgx4_beginfunc

import (
	"context"

	"github.com/jackc/pgx/v4"
	"github.com/jackc/pgx/v4/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.BeginFunc(ctx, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
		return err
	})
	return id, err
}

func ClaimOnConn(ctx context.Context, conn *pgx.Conn) (id int64, err error) {
	err = conn.BeginFunc(ctx, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
		return err
	})
	return id, err
}
