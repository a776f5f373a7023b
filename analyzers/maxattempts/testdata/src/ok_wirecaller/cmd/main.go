// The command's loop fails a job whose attempts ran out (the claim counts
// them) before it runs it, and hands the recorder only the others.
package main

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"ok_wirecaller/worker"
	"wiretwo/pgqueue"
)

func main() {
	ctx := context.Background()
	pool, _ := pgxpool.New(ctx, "")
	q := pgqueue.New(pool)
	rec := worker.New(q)
	for {
		j, err := q.Dequeue(ctx)
		if err != nil {
			continue
		}
		if j.Attempts >= 5 {
			pool.Exec(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, j.ID)
			continue
		}
		rec.Record(ctx, j, run(j.ID))
	}
}

func run(id int64) error { return nil }
