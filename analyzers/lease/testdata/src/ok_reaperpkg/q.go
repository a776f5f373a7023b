// The reaper lives in a package of its own, which this one does not
// import, and names the queue table by this package's constant: read from
// the module's files, its statement's table is a placeholder the rule
// cannot tell from this one, so the claim is not reported.
package ok_reaperpkg

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const Table = "jobs"

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE `+Table+` SET status = 'running', locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM `+Table+` WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}
