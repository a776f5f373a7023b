// A wake-up channel LISTENed on a pool: the subscription stays on a pooled
// connection nobody reads.
package listen

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Worker struct {
	pool *pgxpool.Pool
}

func (w *Worker) Subscribe(ctx context.Context) error {
	_, err := w.pool.Exec(ctx, `LISTEN jobs_available`) // want `LISTEN runs on a pool \(\*pgxpool.Pool\): the pooled connection it subscribes is one nobody reads\nit subscribes whichever connection runs it, which goes back to the pool where nobody waits for its notifications, and the next statement runs on another connection; LISTEN on a connection of its own \(pgx.Connect, or pool.Acquire held for the listener's life\)`
	return err
}
