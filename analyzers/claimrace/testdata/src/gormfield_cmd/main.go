// The command gives the store a session of the pool its helper opens.
package main

import (
	"context"

	"gorm.io/gorm"

	"gormfield_db"
	"gormfield_store"
	"gormfield_worker"
)

func main() {
	db, err := gormfield_db.Connect("postgres://")
	if err != nil {
		panic(err)
	}
	store := gormfield_store.NewStore(db.Session(&gorm.Session{NewDB: true}))
	r := gormfield_worker.New(store, func(string, []byte) error { return nil })
	r.Flush(context.Background())
	_ = r.Paused(context.Background())
}
