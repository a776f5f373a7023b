// The command may wire the store that logs its failed writes instead of
// returning them: both claim from PostgreSQL, but only one passes on the
// error of its completion, and the dropped Complete is not judged.
package main

import (
	"context"
	"database/sql"
	"log"
	"os"
	"os/signal"
	"syscall"

	"example.com/wire/loggedqueue"
	"example.com/wire/queue"
	"example.com/wire/worker"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	db, err := sql.Open("pgx", "postgres://")
	if err != nil {
		log.Fatal(err)
	}
	h := func(ctx context.Context, t *worker.Task) error { return nil }
	if os.Getenv("LOGGED") != "" {
		worker.New(loggedqueue.New(db), h).Run(ctx)
		return
	}
	worker.New(queue.New(db), h).Run(ctx)
}
