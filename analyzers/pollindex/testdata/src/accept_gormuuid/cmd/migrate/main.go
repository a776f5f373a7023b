package main

import (
	"accept_gormuuid"

	"gorm.io/gorm"
)

func migrate(db *gorm.DB) error {
	return db.AutoMigrate(&accept_gormuuid.Task{})
}

func main() {}
