// The worker command opens the database and runs both workers.
package main

import (
	"context"

	"gorm.io/gorm"

	"gormsplit"
	"gormsplit/models"
	"gormsplit/worker"
)

func main() {
	db, err := gorm.Open(nil)
	if err != nil {
		panic(err)
	}
	repo := gormsplit.New(db)
	work := func(*models.Task) error { return nil }
	worker.Run(context.Background(), repo, work)
	worker.RunCAS(context.Background(), repo, work)
}
