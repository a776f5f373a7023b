// The command picks either queue by a flag: the safe one may run, and
// the tool cannot tell which runs in production.
package main

import (
	"context"
	"flag"

	"github.com/jackc/pgx/v5/pgxpool"

	"wiretwo/pgqueue"
	"wiretwo/queue"
	"wiretwo/safequeue"
	"wiretwo/worker"
)

func main() {
	safe := flag.Bool("safe", true, "")
	flag.Parse()
	ctx := context.Background()
	pool, _ := pgxpool.New(ctx, "")
	var q queue.Queue = pgqueue.New(pool)
	if *safe {
		q = safequeue.New(pool)
	}
	go worker.New(q, func(queue.Job) error { return nil }).Run(ctx)
	select {}
}
