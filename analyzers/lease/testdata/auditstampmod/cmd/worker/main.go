package main

import (
	"context"
	"database/sql"
	"os"
	"os/signal"
	"syscall"

	"example.com/auditstamp/store"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	db, err := sql.Open("pgx", os.Getenv("DATABASE_URL"))
	if err != nil {
		panic(err)
	}
	store.New(db).Run(ctx, func([]byte) error { return nil })
}
