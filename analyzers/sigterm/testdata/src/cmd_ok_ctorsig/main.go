// The PostgreSQL queue's claim loop, with SIGTERM handled.
package main

import (
	"context"
	"os/signal"
	"syscall"

	"github.com/jackc/pgx/v5/pgxpool"

	"runq"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	pool, _ := pgxpool.New(ctx, "")
	runq.Open(pool).Work(ctx)
}
