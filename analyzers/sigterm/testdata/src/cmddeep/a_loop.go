package main

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// poll claims in a loop of the command itself, two calls below main; its
// file sorts before main.go.
func poll(ctx context.Context, pool *pgxpool.Pool) {
	for ctx.Err() == nil {
		var id int64
		err := pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes'
			WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
			RETURNING id`).Scan(&id)
		if err != nil {
			time.Sleep(time.Second)
		}
	}
}

func reclaim(ctx context.Context, pool *pgxpool.Pool) {
	pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE status = 'running' AND locked_until < now()`)
}
