// A session advisory lock taken by another function, on a key of its own,
// says nothing about the claimed job: when the worker dies, the lock goes
// and the job stays running.
package advisoryelsewhere

import (
	"context"

	"github.com/jackc/pgx/v5"
)

func Leader(ctx context.Context, conn *pgx.Conn) (bool, error) {
	var ok bool
	err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock(42)`).Scan(&ok)
	return ok, err
}

func Claim(ctx context.Context, conn *pgx.Conn) (id int64, err error) {
	// want +1 `this claim moves the job to 'running' and writes no lease deadline`
	err = conn.QueryRow(ctx, `UPDATE jobs SET status = 'running'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}
