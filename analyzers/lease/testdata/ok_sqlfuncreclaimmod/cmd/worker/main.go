package main

import (
	"context"
	"database/sql"
	"os"
	"os/signal"
	"syscall"

	"example.com/ok_sqlfuncreclaimmod/internal/store"
	"example.com/ok_sqlfuncreclaimmod/internal/worker"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	db, err := sql.Open("pgx", os.Getenv("DATABASE_URL"))
	if err != nil {
		panic(err)
	}
	worker.Run(ctx, &store.Store{DB: db}, func([]byte) error { return nil })
}
