// A claim that writes no lease deadline, over several lines: the finding
// sits on the SET that misses the lease column.
package multiline

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	// want +3 `^this claim moves the job to 'running' and writes no lease deadline\n`
	err = pool.QueryRow(ctx, `
		UPDATE jobs
		SET status = 'running'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}
