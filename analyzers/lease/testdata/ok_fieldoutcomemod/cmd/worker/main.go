package main

import (
	"context"
	"database/sql"
	"os"
	"os/signal"
	"syscall"

	"example.com/okfieldoutcome/store"
	"example.com/okfieldoutcome/worker"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	db, err := sql.Open("pgx", os.Getenv("DATABASE_URL"))
	if err != nil {
		panic(err)
	}
	worker.New(store.New(db), func(context.Context, *store.Task) (string, error) { return "", nil }).Start(ctx, make(chan int64))
}
