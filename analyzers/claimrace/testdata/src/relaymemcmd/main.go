// The command wires the relay to the repository on the pool, or, with no
// database named, to the in-memory outbox: on PostgreSQL the relay races
// as it does in relaycmd.
package main

import (
	"context"
	"os"

	"relaymem"
	"relayrepo"
	"relayworker"
)

func main() {
	var out relayworker.Outbox = relaymem.New()
	if dsn := os.Getenv("DATABASE_URL"); dsn != "" {
		repo, err := relayrepo.Open(dsn)
		if err != nil {
			panic(err)
		}
		out = repo
	}
	r := relayworker.New(out, func(relayworker.Event) error { return nil })
	r.Flush(context.Background())
	r.FlushClaimed(context.Background())
	_, _ = r.Take(context.Background())
	_ = r.Inspect(context.Background())
}
