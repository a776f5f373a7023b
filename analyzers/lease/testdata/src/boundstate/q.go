// The claim binds the state it moves the job to: the finding names the
// state, not the parameter.
package boundstate

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const running = "running"

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	// want +3 `^this claim moves the job to 'running' and writes no lease deadline\n.* leaves the row 'running' forever; .*WHERE status = 'running' AND locked_until < now\(\)`
	err = pool.QueryRow(ctx, `
		UPDATE jobs
		SET status = $1
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, running).Scan(&id)
	return id, err
}
