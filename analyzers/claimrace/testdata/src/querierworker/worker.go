// A worker that hands both steps of querierstore's claim the pool itself.
package querierworker

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"querierstore"
)

func Work(ctx context.Context, pool *pgxpool.Pool, run func([]byte) error) {
	var repo querierstore.Repo
	for ctx.Err() == nil {
		j, err := repo.Next(ctx, pool) // want "two workers can claim the same job"
		if err != nil {
			continue
		}
		if err := repo.MarkRunning(ctx, pool, j.ID); err != nil {
			continue
		}
		_ = run(j.Payload)
	}
}
