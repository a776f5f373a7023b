// The command wires the queue whose Nack always requeues, though the
// module has a safe one too.
package main

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"wiretwo/pgqueue"
	"wiretwo/queue"
	"wiretwo/worker"
)

func main() {
	ctx := context.Background()
	pool, _ := pgxpool.New(ctx, "")
	var q queue.Queue = pgqueue.New(pool)
	go worker.New(q, func(queue.Job) error { return nil }).Run(ctx) // want `this call starts a retry with no limit: worker.\(\*Worker\).Run calls queue.Queue.Nack when a job fails \(worker.go:27\)\nthe only Nack the program can run there, pgqueue.\(\*Queue\).Nack, puts`
	select {}
}
