// A scheduler locks the queues whose settings ask for one consumer at a
// time. The ? in the SQL is jsonb's key-exists operator, not a parameter:
// the statement parses as it is, and takes session-level locks on a pool.
package jsonbkey

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func LockExclusiveQueues(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `SELECT pg_advisory_lock(hashtext(name)) FROM queues WHERE settings ? 'exclusive'`) // want `pg_advisory_lock runs on a pool \(\*pgxpool.Pool\)`
	return err
}
