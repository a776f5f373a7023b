// The command does not import GORM: its handle comes from conn.
package main

import (
	"example.com/shop/conn"
	"example.com/shop/models"
)

func main() {
	db, err := conn.NewPostgres("")
	if err != nil {
		panic(err)
	}
	if err := db.AutoMigrate(&models.Inbox{}); err != nil {
		panic(err)
	}
}
