// A poll mentions the lease column, but the claim built on it takes only
// queued jobs: expired running jobs are seen and never taken back.
package pollmention

import (
	"context"

	"github.com/jackc/pgx/v5"
)

func Next(ctx context.Context, conn *pgx.Conn) (id int64, err error) {
	// want +1 `this claim writes a lease \(locked_until\), but no statement in the module returns jobs whose lease expired`
	err = conn.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Overdue(ctx context.Context, conn *pgx.Conn) (pgx.Rows, error) {
	return conn.Query(ctx, `SELECT id FROM jobs WHERE status = 'queued' OR locked_until < now() ORDER BY id LIMIT 10`)
}
