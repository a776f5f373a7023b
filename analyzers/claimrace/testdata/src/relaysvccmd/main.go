// The command builds the repository on a *sql.DB: each statement commits
// on its own.
package main

import (
	"context"
	"database/sql"

	"relaydb"
	"relaysvc"
)

func main() {
	db, err := sql.Open("pgx", "postgres://")
	if err != nil {
		panic(err)
	}
	_ = relaydb.New(db).InsertEvent(context.Background(), "t", nil)
	app := relaysvc.NewApp(relaysvc.NewRepository(relaydb.New(db)))
	_ = app.Drain(context.Background(), 10, func(relaysvc.Event) error { return nil })
}
