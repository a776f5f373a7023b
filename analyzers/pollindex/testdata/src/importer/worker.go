// The worker imports the store and runs the same poll itself: the store
// already reports the table, so the worker adds nothing (under go vet each
// package runs apart, and the finding would appear twice).
package importer

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"importer/store"
)

func Next(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running' WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	if err != nil {
		return store.Claim(ctx, pool)
	}
	return id, err
}
