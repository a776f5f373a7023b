// The slice of workers leaves the command's hands: swap may replace the
// PostgreSQL queue with the in-memory one, so nothing says which queue's
// Work the loop runs.
package main

import (
	"context"
	"os"

	"runq"
)

func swap(ws []runq.Queue) {
	if os.Getenv("MEMORY") != "" {
		ws[0] = runq.NewMemory()
	}
}

func main() {
	ctx := context.Background()
	workers := []runq.Queue{runq.Open(nil)}
	swap(workers)
	for _, w := range workers {
		w.Work(ctx)
	}
}
