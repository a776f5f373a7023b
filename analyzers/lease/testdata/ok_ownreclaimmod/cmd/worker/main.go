package main

import (
	"context"
	"database/sql"
	"os"
	"os/signal"
	"syscall"

	"example.com/ok_ownreclaimmod/internal/store"
	"example.com/ok_ownreclaimmod/internal/worker"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	db, err := sql.Open("pgx", os.Getenv("DATABASE_URL"))
	if err != nil {
		panic(err)
	}
	st := &store.Store{DB: db}
	go st.Janitor(ctx)
	worker.Run(ctx, st, func([]byte) error { return nil })
}
