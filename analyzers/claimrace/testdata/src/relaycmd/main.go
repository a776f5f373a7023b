// The command wires the relay to the repository on the pool.
package main

import (
	"context"

	"relayrepo"
	"relayworker"
)

func main() {
	repo, err := relayrepo.Open("postgres://")
	if err != nil {
		panic(err)
	}
	_ = repo.Add(context.Background(), "t", nil)
	r := relayworker.New(repo, func(relayworker.Event) error { return nil })
	r.Flush(context.Background())
	r.FlushClaimed(context.Background())
	_, _ = r.Take(context.Background())
	_ = r.Inspect(context.Background())
}
