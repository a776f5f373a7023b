// Command worker runs the job worker.
package main

import (
	"context"
	"log"
	"os"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/seedpr/queue"
)

func main() {
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, os.Getenv("DATABASE_URL"))
	if err != nil {
		log.Fatal(err)
	}
	defer pool.Close()

	w := &queue.Worker{Pool: pool, PollInterval: time.Second}
	// defect: sigterm
	if err := w.Run(ctx); err != nil {
		log.Fatal(err)
	}
}
