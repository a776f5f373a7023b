package main

import (
	"accept_gormnomigrate"

	"gorm.io/gorm"
)

func migrate(db *gorm.DB) error {
	models := []any{&accept_gormnomigrate.Audit{}}
	return db.AutoMigrate(models...)
}

func main() {}
