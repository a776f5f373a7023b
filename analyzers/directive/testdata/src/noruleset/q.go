// Run by a driver that declares no rule set (a rule used on its own, by a
// driver of someone else's): the directive rule cannot tell a rule from a
// typo, and says nothing about the names. A missing reason it still sees.
package noruleset

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	//jobqlint:ignore clamerace one worker process runs this queue (deploy/worker.yaml)
	err = pool.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1`).Scan(&id)
	if err != nil {
		return 0, err
	}
	_, err = pool.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id) //jobqlint:ignore lease // want `jobqlint:ignore lease gives no reason`
	return id, err
}
