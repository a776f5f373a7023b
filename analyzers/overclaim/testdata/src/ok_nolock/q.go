// No lock: every run of the subquery reads the statement's snapshot and
// returns the same rows (whether two workers race here is claimrace's
// question).
package ok_nolock

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Purge(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `DELETE FROM jobs WHERE id IN (SELECT id FROM jobs WHERE status = 'done' ORDER BY finished_at LIMIT 1000)`)
	return err
}
