// The queue has two implementations, but this command only ever makes the
// PostgreSQL one: its Work is a claim loop, and the command needs SIGTERM
// handling.
package main

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"runq"
)

func main() {
	ctx := context.Background()
	pool, _ := pgxpool.New(ctx, "")
	q := runq.Open(pool)
	q.Work(ctx) // want `q.Work starts a claim loop, but this command never handles SIGTERM`
}
