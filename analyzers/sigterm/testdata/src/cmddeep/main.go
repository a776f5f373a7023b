// A command whose claim loop starts two calls down: the finding sits at the
// outermost call, in main, on every run.
package main

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func main() {
	ctx := context.Background()
	pool, _ := pgxpool.New(ctx, "")
	run(ctx, pool) // want `run starts a claim loop, but this command never handles SIGTERM`
}

func run(ctx context.Context, pool *pgxpool.Pool) {
	go reclaim(ctx, pool)
	poll(ctx, pool)
}
