// Command once runs the evaluation its argument names, once: no worker.
package main

import (
	"context"
	"database/sql"
	"os"

	"example.com/runnerrecord/service"
	"example.com/runnerrecord/store"
)

func main() {
	db, err := sql.Open("pgx", os.Getenv("DATABASE_URL"))
	if err != nil {
		panic(err)
	}
	svc := service.New(store.New(db), func(context.Context, string) (string, error) { return "", nil })
	if err := svc.Evaluate(context.Background(), os.Args[1]); err != nil {
		os.Exit(1)
	}
}
