// The handle from conn is replaced before the call: the tool cannot say
// which one migrates.
package main

import (
	"os"

	"example.com/shop/conn"
	"example.com/shop/models"
)

type migrator interface{ AutoMigrate(...any) error }

func fake() migrator { return nil }

func main() {
	var db migrator
	db, _ = conn.NewPostgres("")
	if os.Getenv("FAKE") != "" {
		db = fake()
	}
	_ = db.AutoMigrate(&models.Reassigned{})
}
