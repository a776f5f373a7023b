package main

import (
	"gorm.io/gorm"

	"gormautomigfield"
)

func migrate(db *gorm.DB) error { return db.AutoMigrate(&gormautomigfield.Job{}) }

func main() {}
