// The reaper lives in a package of its own and names the queue table by
// this package's constant, but it never compares the lease: it puts back
// every running job, so nothing returns jobs whose lease expired.
package reaperpkg

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const Table = "jobs"

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	// want +1 `this claim writes a lease \(locked_until\), but no statement in the module returns jobs whose lease expired`
	err = pool.QueryRow(ctx, `UPDATE `+Table+` SET status = 'running', locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM `+Table+` WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}
