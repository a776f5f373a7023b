package main

import (
	"context"
	"database/sql"
	"os"
	"os/signal"
	"syscall"

	"example.com/polledrecord/models"
	"example.com/polledrecord/repositories"
	"example.com/polledrecord/worker"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	db, err := sql.Open("pgx", os.Getenv("DATABASE_URL"))
	if err != nil {
		panic(err)
	}
	worker.New(repositories.NewJobRepository(db), func(context.Context, *models.Job) error { return nil }).Start(ctx)
}
