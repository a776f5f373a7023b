// The command runs the relay on a store made on a transaction Begin starts,
// which it commits after the marks.
package main

import (
	"context"

	"gormfield_db"
	"gormfield_store"
	"gormfield_worker"
)

func publish(string, []byte) error { return nil }

func main() {
	db, err := gormfield_db.Connect("postgres://")
	if err != nil {
		panic(err)
	}
	tx := db.Begin()
	r := gormfield_worker.New(gormfield_store.NewStore(tx), publish)
	r.Flush(context.Background())
	tx.Commit()
}
