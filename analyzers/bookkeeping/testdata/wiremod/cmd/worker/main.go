// The command wires the PostgreSQL store into the worker: the worker's
// dropped Complete is the store's completion.
package main

import (
	"context"
	"log"
	"os/signal"
	"syscall"

	"database/sql"

	"example.com/wire/queue"
	"example.com/wire/worker"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	pool, err := sql.Open("pgx", "postgres://")
	if err != nil {
		log.Fatal(err)
	}
	w := worker.New(queue.New(pool), func(ctx context.Context, t *worker.Task) error { return nil })
	w.Run(ctx)
}
