// The command builds the worker on Queries over a *sql.DB: the batch's
// row locks end with its SELECT.
package main

import (
	"context"
	"database/sql"

	"relaydb"
	"schedhelper"
)

type nop struct{}

func (nop) Publish(context.Context, string, []byte) error { return nil }

func main() {
	db, err := sql.Open("pgx", "postgres://")
	if err != nil {
		panic(err)
	}
	w := schedhelper.NewWorker(relaydb.New(db), nop{})
	w.Tick(context.Background())
}
