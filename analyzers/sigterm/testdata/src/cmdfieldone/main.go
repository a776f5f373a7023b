// A worker struct of the command holds the queue in an interface field
// that main sets to the PostgreSQL queue: its run method's Work call is a
// claim loop, reported where main starts it.
package main

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"runq"
)

type worker struct {
	queue   runq.Queue
	backoff time.Duration
}

func (w *worker) run(ctx context.Context) {
	for ctx.Err() == nil {
		if err := w.queue.Work(ctx); err != nil {
			time.Sleep(w.backoff)
		}
	}
}

func main() {
	ctx := context.Background()
	pool, _ := pgxpool.New(ctx, "")
	w := &worker{queue: runq.Open(pool), backoff: time.Second}
	w.run(ctx) // want `w.run starts a claim loop`
}
