package main

import (
	"gormautomig"

	"gorm.io/gorm"
)

func migrate(db *gorm.DB) error {
	models := []any{&gormautomig.Job{}}
	return db.AutoMigrate(models...)
}

func main() {}
