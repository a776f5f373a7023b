// A worker command in its own package, claiming through the atomic claim of another.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/jackc/pgx/v5/pgxpool"

	"ok_atomic"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	pool, _ := pgxpool.New(ctx, os.Getenv("DATABASE_URL"))
	for ctx.Err() == nil {
		ok_atomic.Claim(ctx, pool)
	}
}
