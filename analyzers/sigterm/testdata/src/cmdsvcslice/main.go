// The command fills Services with the PostgreSQL outbox worker and starts
// the workers, with no SIGTERM handling.
package main

import (
	"context"
	"log"

	"github.com/jackc/pgx/v5/pgxpool"

	"svcoutbox"
	"svcslice"
)

func main() {
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, "postgres://")
	if err != nil {
		log.Fatal(err)
	}
	s := &svcslice.Services{OutboxWorker: svcoutbox.New(pool)}
	s.StartWorkers(ctx) // want `s.StartWorkers starts a claim loop, but this command never handles SIGTERM`
	select {}
}
