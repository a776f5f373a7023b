// The command wires the PostgreSQL queue into the worker: every failed
// job goes back through pgqueue's Nack, for ever.
package main

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"wirenack/pgqueue"
	"wirenack/queue"
	"wirenack/worker"
)

func main() {
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, "")
	if err != nil {
		panic(err)
	}
	w := worker.New(pgqueue.New(pool), func(queue.Job) error { return nil })
	w.Start(ctx) // want `this call starts a retry with no limit: worker.\(\*Worker\).Start calls queue.Queue.Nack when a job fails \(worker.go:33\)\nthe only Nack the program can run there, pgqueue.\(\*Queue\).Nack, puts the job back on every path`
}
