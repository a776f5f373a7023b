// The claim records the instance that took it; the statement that moves
// rows off another instance moves only its queued ones (an affinity handed
// on), never a running one: a dead instance's running jobs stay running.
package takeoverqueued

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool, me int64) (id int64, err error) {
	// want +1 `this claim moves the job to 'running' and writes no lease deadline`
	err = pool.QueryRow(ctx, `UPDATE jobs SET instance_id = $1, state = 'running'
		WHERE id IN (SELECT id FROM jobs WHERE state = 'queued' AND instance_id = $1 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, me).Scan(&id)
	return id, err
}

func HandOn(ctx context.Context, pool *pgxpool.Pool, me, gone int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET instance_id = $1 WHERE instance_id = $2 AND state = 'queued'`, me, gone)
	return err
}
