// The workers are interface values in a slice the command builds, started
// in a loop: the one in the slice is the PostgreSQL queue, whose Work
// claims in a loop.
package main

import (
	"context"
	"sync"

	"runq"
)

func main() {
	ctx := context.Background()
	workers := []runq.Queue{runq.Open(nil)}
	var wg sync.WaitGroup
	for _, w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.Work(ctx) // want `w.Work starts a claim loop, but this command never handles SIGTERM`
		}()
	}
	wg.Wait()
}
