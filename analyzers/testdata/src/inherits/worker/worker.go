// A package that runs no SQL of its own and imports the queue: it inherits
// the queue table, and has no schema to report.
package worker

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"inherits/queue"
)

func Run(ctx context.Context, pool *pgxpool.Pool) error {
	for ctx.Err() == nil {
		if _, err := queue.Claim(ctx, pool); err != nil {
			return err
		}
	}
	return nil
}
