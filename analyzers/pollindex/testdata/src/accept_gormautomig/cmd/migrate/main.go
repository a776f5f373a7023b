package main

import (
	"accept_gormautomig"

	"gorm.io/gorm"
)

func migrate(db *gorm.DB) error {
	models := []any{&accept_gormautomig.Job{}}
	return db.AutoMigrate(models...)
}

func main() {}
