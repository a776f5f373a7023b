// On pgx v4, FOR UPDATE SKIP LOCKED on the pool: the lock ends with the
// SELECT, as it does on v5.
package pgx4_poollock

import (
	"context"

	"github.com/jackc/pgx/v4/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	var id int64
	if err := pool.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id); err != nil { // want `FOR UPDATE on a pool releases its row lock as soon as the SELECT returns\nthe SELECT runs in autocommit`
		return 0, err
	}
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return id, err
}
