// A session advisory lock marks the job taken; PostgreSQL releases it when
// the worker's connection dies.
package ok_advisory

import (
	"context"

	"github.com/jackc/pgx/v5"
)

func Claim(ctx context.Context, conn *pgx.Conn) (int64, error) {
	var id int64
	if err := conn.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' AND pg_try_advisory_lock(id) ORDER BY id LIMIT 1`).Scan(&id); err != nil {
		return 0, err
	}
	tag, err := conn.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1 AND status = 'queued'`, id)
	if err != nil || tag.RowsAffected() == 0 {
		return 0, err
	}
	return id, nil
}
