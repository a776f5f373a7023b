// The command starts the worker through wiring and names the worker's
// package itself too: both hand on the worker's dropped calls, and each
// is reported once.
package main

import (
	"context"
	"database/sql"
	"log"
	"os/signal"
	"syscall"

	"example.com/wire/wiring"
	"example.com/wire/worker"
)

var _ worker.Handler

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	pool, err := sql.Open("pgx", "postgres://")
	if err != nil {
		log.Fatal(err)
	}
	wiring.Start(ctx, pool)
}
