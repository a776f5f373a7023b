// The command runs the relay on a store made on a transaction, which it
// commits after the marks: the poll's lock holds until then.
package main

import (
	"context"

	"gorm.io/gorm"

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
	_ = db.Transaction(func(tx *gorm.DB) error {
		r := gormfield_worker.New(gormfield_store.NewStore(tx), publish)
		r.Flush(context.Background())
		return nil
	})
}
