// The seed's defect split across packages: the worker runs no SQL of its
// own, declares its attempt limit and never reads it, and puts every
// failed job back through the store.
package worker

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"limitworker/store"
)

const maxAttempts = 5 // want `maxAttempts is declared but no decision reads it`

func Run(ctx context.Context, pool *pgxpool.Pool, work func(int64) error) error {
	for {
		id, err := store.Claim(ctx, pool)
		if err != nil {
			return err
		}
		if err := work(id); err != nil {
			if err := store.Retry(ctx, pool, id); err != nil { // want `this call puts the job back with no limit`
				return err
			}
		}
	}
}
