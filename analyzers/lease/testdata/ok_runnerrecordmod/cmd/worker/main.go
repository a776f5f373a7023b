package main

import (
	"context"
	"database/sql"
	"os"
	"os/signal"
	"syscall"

	"example.com/okrunnerrecord/service"
	"example.com/okrunnerrecord/store"
	"example.com/okrunnerrecord/workers"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	db, err := sql.Open("pgx", os.Getenv("DATABASE_URL"))
	if err != nil {
		panic(err)
	}
	svc := service.New(store.New(db), func(context.Context, string) (string, error) { return "", nil })
	workers.Run(ctx, make(chan string), svc)
}
