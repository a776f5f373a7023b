// The same command, stopping the workers' context on SIGTERM.
package main

import (
	"context"
	"log"
	"os/signal"
	"syscall"

	"github.com/jackc/pgx/v5/pgxpool"

	"svcoutbox"
	"svcslice"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	pool, err := pgxpool.New(ctx, "postgres://")
	if err != nil {
		log.Fatal(err)
	}
	s := &svcslice.Services{OutboxWorker: svcoutbox.New(pool)}
	s.StartWorkers(ctx)
	<-ctx.Done()
}
