package main

import (
	"accept_gormrelayflag"

	"gorm.io/gorm"
)

func migrate(db *gorm.DB) error { return db.AutoMigrate(&accept_gormrelayflag.OutboxMessage{}) }

func main() {}
