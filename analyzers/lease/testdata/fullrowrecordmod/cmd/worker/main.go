package main

import (
	"context"
	"database/sql"
	"os"
	"os/signal"
	"syscall"

	"example.com/fullrowrecord/store"
	"example.com/fullrowrecord/worker"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	db, err := sql.Open("pgx", os.Getenv("DATABASE_URL"))
	if err != nil {
		panic(err)
	}
	worker.New(store.New(db), func(context.Context, *store.Job) error { return nil }).Start(ctx)
}
