// The command runs the tick on Queries bound to a transaction it commits
// after the marks: the rows stay locked until then.
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
	schedhelper.NewWorker(relaydb.New(db).WithTx(tx), nop{}).Tick(ctx)
	if err := tx.Commit(); err != nil {
		panic(err)
	}
}
