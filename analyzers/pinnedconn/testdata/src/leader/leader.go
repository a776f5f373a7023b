// A leader election on a pgx pool: the lock lands on one connection, the
// unlock on whichever is free then.
package leader

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const leaderKey = 42

func RunIfLeader(ctx context.Context, pool *pgxpool.Pool, work func() error) error {
	var leader bool
	if err := pool.QueryRow(ctx, `SELECT pg_try_advisory_lock($1)`, leaderKey).Scan(&leader); err != nil { // want `pg_try_advisory_lock runs on a pool \(\*pgxpool.Pool\): the unlock may run on another connection and leave the lock held\na session-level advisory lock belongs to whichever connection runs it, which goes back to the pool; the unlock runs on whatever connection is free then, where it returns false with a WARNING .* \(pool.Acquire, held until the unlock\), or use pg_advisory_xact_lock in a transaction`
		return err
	}
	if !leader {
		return nil
	}
	defer pool.Exec(ctx, `SELECT pg_catalog.pg_advisory_unlock($1)`, leaderKey) // want `pg_advisory_unlock runs on a pool \(\*pgxpool.Pool\)`
	return work()
}

func Migrate(ctx context.Context, pool *pgxpool.Pool) error {
	if _, err := pool.Exec(ctx, `SELECT pg_advisory_lock(hashtext('migrations'))`); err != nil { // want `pg_advisory_lock runs on a pool`
		return err
	}
	_, err := pool.Exec(ctx, `SELECT pg_advisory_unlock_all()`) // want `pg_advisory_unlock_all runs on a pool`
	return err
}
