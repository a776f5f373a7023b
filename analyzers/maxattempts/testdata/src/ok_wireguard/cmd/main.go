// The command wires the queue whose Nack always requeues into a worker
// that compares the attempts before it Nacks.
package main

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"ok_wireguard/worker"
	"wiretwo/pgqueue"
	"wiretwo/queue"
)

func main() {
	ctx := context.Background()
	pool, _ := pgxpool.New(ctx, "")
	fail := func(ctx context.Context, id int64) error {
		_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id)
		return err
	}
	worker.New(pgqueue.New(pool), fail, func(queue.Job) error { return nil }).Run(ctx)
}
