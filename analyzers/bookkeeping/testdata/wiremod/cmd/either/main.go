// The command may wire the in-memory store instead, whose Complete
// returns no error of a write: the implementations disagree, and the
// dropped Complete is not judged.
package main

import (
	"context"
	"log"
	"os"
	"os/signal"
	"syscall"

	"database/sql"

	"example.com/wire/memqueue"
	"example.com/wire/queue"
	"example.com/wire/worker"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	h := func(ctx context.Context, t *worker.Task) error { return nil }
	if os.Getenv("MEMORY") != "" {
		worker.New(&memqueue.Store{}, h).Run(ctx)
		return
	}
	pool, err := sql.Open("pgx", "postgres://")
	if err != nil {
		log.Fatal(err)
	}
	worker.New(queue.New(pool), h).Run(ctx)
}
