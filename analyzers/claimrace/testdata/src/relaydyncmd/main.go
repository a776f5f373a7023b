// The command wires the relay to the repository on the pool, or to an
// outbox whose SQL the tool cannot read: which one claims what is not
// known, and the tool says nothing.
package main

import (
	"context"
	"database/sql"
	"os"

	"relaydyn"
	"relayrepo"
	"relayworker"
)

func main() {
	var out relayworker.Outbox
	if table := os.Getenv("OUTBOX_TABLE"); table != "" {
		db, err := sql.Open("postgres", os.Getenv("DATABASE_URL"))
		if err != nil {
			panic(err)
		}
		out = relaydyn.New(db, nil, table)
	} else {
		repo, err := relayrepo.Open(os.Getenv("DATABASE_URL"))
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
