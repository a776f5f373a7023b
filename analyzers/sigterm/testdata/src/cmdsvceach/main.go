// The command starts the outbox worker through StartEach, with no SIGTERM
// handling; it also retries a step with the package's Retry, which claims
// nothing.
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
	svcslice.Retry(ctx, func(ctx context.Context) error { return ctx.Err() })
	s := &svcslice.Services{OutboxWorker: svcoutbox.New(pool)}
	s.StartEach(ctx) // want `s.StartEach starts a claim loop, but this command never handles SIGTERM`
	select {}
}
