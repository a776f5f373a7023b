// The command builds the scheduler on a *sql.DB; the scheduler's own
// transaction holds the locks.
package main

import (
	"context"
	"database/sql"

	"ok_schedhelper_owntx"
	"relaydb"
)

type nop struct{}

func (nop) Publish(context.Context, string, []byte) error { return nil }

func main() {
	db, err := sql.Open("pgx", "postgres://")
	if err != nil {
		panic(err)
	}
	_ = ok_schedhelper_owntx.NewWorker(db, relaydb.New(db), nop{}).Tick(context.Background())
}
