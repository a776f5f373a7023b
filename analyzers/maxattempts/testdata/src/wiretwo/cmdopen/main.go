// The command may take its queue from a registry of values of any type:
// what is converted to queue.Queue there is out of sight.
package main

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"wiretwo/pgqueue"
	"wiretwo/queue"
	"wiretwo/worker"
)

var registry = map[string]any{}

func main() {
	ctx := context.Background()
	pool, _ := pgxpool.New(ctx, "")
	var q queue.Queue = pgqueue.New(pool)
	if v, ok := registry["queue"].(queue.Queue); ok {
		q = v // a plugin's queue, set out of sight
	}
	go worker.New(q, func(queue.Job) error { return nil }).Run(ctx)
	select {}
}
