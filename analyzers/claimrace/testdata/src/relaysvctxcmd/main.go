// The command runs the batch in a transaction it begins and commits after
// the marks: the rows stay locked until then.
package main

import (
	"context"
	"database/sql"

	"relaydb"
	"relaysvc"
)

func main() {
	ctx := context.Background()
	db, err := sql.Open("pgx", "postgres://")
	if err != nil {
		panic(err)
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		panic(err)
	}
	defer tx.Rollback()
	app := relaysvc.NewApp(relaysvc.NewRepository(relaydb.New(db).WithTx(tx)))
	if err := app.Drain(ctx, 10, func(relaysvc.Event) error { return nil }); err != nil {
		panic(err)
	}
	if err := tx.Commit(); err != nil {
		panic(err)
	}
}
