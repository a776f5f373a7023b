// The command runs the relay on a store made on what a helper returns
// when given the transaction: the transaction, or a pool it opens.
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
	given(db)
}

func given(db *gorm.DB) {
	_ = db.Transaction(func(tx *gorm.DB) error {
		h, err := gormfield_db.Use(tx)
		if err != nil {
			return err
		}
		r := gormfield_worker.New(gormfield_store.NewStore(h), publish)
		r.Flush(context.Background())
		return nil
	})
}
