// Package wiring starts the worker on the PostgreSQL store; its API names
// neither.
package wiring

import (
	"context"
	"database/sql"

	"example.com/wire/queue"
	"example.com/wire/worker"
)

func Start(ctx context.Context, pool *sql.DB) {
	worker.New(queue.New(pool), func(ctx context.Context, t *worker.Task) error { return nil }).Run(ctx)
}
