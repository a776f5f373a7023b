// One connection, taken from the pool and held from the lock to the
// unlock; the listener's connection held for its life.
package accept_acquire

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func RunIfLeader(ctx context.Context, pool *pgxpool.Pool, work func() error) error {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	var leader bool
	if err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock(42)`).Scan(&leader); err != nil || !leader {
		return err
	}
	defer conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock(42)`)
	return work()
}

func Listen(ctx context.Context, pool *pgxpool.Pool) (*pgxpool.Conn, error) {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := conn.Exec(ctx, `LISTEN jobs_available`); err != nil {
		conn.Release()
		return nil, err
	}
	return conn, nil
}
