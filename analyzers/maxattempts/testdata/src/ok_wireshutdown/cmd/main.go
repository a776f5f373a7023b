// The command wires the queue whose Nack always requeues into a worker
// that Nacks only the job it has not started when it stops.
package main

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"ok_wireshutdown/worker"
	"wiretwo/pgqueue"
	"wiretwo/queue"
)

func main() {
	ctx := context.Background()
	pool, _ := pgxpool.New(ctx, "")
	worker.New(pgqueue.New(pool), func(queue.Job) {}).Run(ctx)
}
