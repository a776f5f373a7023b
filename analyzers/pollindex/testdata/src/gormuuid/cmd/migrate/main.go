package main

import (
	"gormuuid"

	"gorm.io/gorm"
)

func migrate(db *gorm.DB) error {
	return db.AutoMigrate(&gormuuid.Task{})
}

func main() {}
