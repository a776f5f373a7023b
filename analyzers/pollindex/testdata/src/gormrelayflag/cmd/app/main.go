package main

import (
	"gormrelayflag"

	"gorm.io/gorm"
)

func migrate(db *gorm.DB) error { return db.AutoMigrate(&gormrelayflag.OutboxMessage{}) }

func main() {}
