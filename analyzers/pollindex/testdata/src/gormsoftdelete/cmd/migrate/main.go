package main

import (
	"gormsoftdelete"

	"gorm.io/gorm"
)

func migrate(db *gorm.DB) error {
	return db.AutoMigrate(&gormsoftdelete.Job{})
}

func main() {}
