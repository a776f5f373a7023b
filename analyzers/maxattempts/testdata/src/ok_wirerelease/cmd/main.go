// The command wires the queue whose Nack always requeues into a worker
// that Nacks only the jobs it has not started, when it stops.
package main

import (
	"context"
	"os/signal"
	"syscall"

	"github.com/jackc/pgx/v5/pgxpool"

	"ok_wirerelease/worker"
	"wiretwo/pgqueue"
	"wiretwo/queue"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	pool, _ := pgxpool.New(ctx, "")
	failed := func(ctx context.Context, j queue.Job, err error) {
		pool.Exec(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, j.ID)
	}
	w := worker.New(pgqueue.New(pool), func(queue.Job) error { return nil }, failed)
	go func() {
		for ctx.Err() == nil {
			w.Prefetch(ctx)
		}
	}()
	go w.Run(ctx)
	<-ctx.Done()
	w.Stop(context.Background())
}
