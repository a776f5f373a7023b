// Command worker runs the job worker until SIGTERM, then finishes the job in
// hand and exits.
package main

import (
	"context"
	"log"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/seedfixed/queue"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()

	pool, err := pgxpool.New(context.Background(), os.Getenv("DATABASE_URL"))
	if err != nil {
		log.Fatal(err)
	}
	defer pool.Close()

	w := &queue.Worker{Pool: pool, PollInterval: time.Second}
	go w.Reclaim(ctx, 30*time.Second)
	if err := w.Run(ctx); err != nil {
		log.Print(err)
	}
}
