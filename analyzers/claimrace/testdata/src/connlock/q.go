// One connection, no transaction: still autocommit.
package connlock

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return 0, err
	}
	defer conn.Release()
	var id int64
	if err := conn.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE`).Scan(&id); err != nil { // want `FOR UPDATE on a conn releases its row lock`
		return 0, err
	}
	_, err = conn.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return id, err
}
