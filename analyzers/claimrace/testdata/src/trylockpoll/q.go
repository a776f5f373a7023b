// The poll takes a transaction-scoped advisory lock on each row it
// returns (que's design) instead of locking the row: once the first
// worker commits, the lock is released, and a second worker whose SELECT
// began before that commit still sees the job queued, gets the lock and
// takes the job again, since the UPDATE does not re-check the status. An
// advisory lock serialises claimers only when it is taken before the poll.
package trylockpoll

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5/pgxpool"
)

var errEmpty = errors.New("no job")

func Claim(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback(ctx)
	var id int64
	if err := tx.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' AND pg_try_advisory_xact_lock(id) ORDER BY id LIMIT 1`).Scan(&id); err != nil { // want `two workers can claim the same job`
		return 0, err
	}
	if id == 0 {
		return 0, errEmpty
	}
	if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id); err != nil {
		return 0, err
	}
	return id, tx.Commit(ctx)
}
