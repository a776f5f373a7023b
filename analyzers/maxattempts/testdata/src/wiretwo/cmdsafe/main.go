// The command wires the safe queue; the other is in the program (its
// Ping runs) but never converted to queue.Queue, so it never runs there.
package main

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"wiretwo/pgqueue"
	"wiretwo/queue"
	"wiretwo/safequeue"
	"wiretwo/worker"
)

func main() {
	ctx := context.Background()
	pool, _ := pgxpool.New(ctx, "")
	if err := pgqueue.Ping(ctx, pool); err != nil {
		panic(err)
	}
	go worker.New(safequeue.New(pool), func(queue.Job) error { return nil }).Run(ctx)
	select {}
}
