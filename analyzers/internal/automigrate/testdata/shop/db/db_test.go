package db

import "example.com/shop/models"

func migrateForTests(db interface{ AutoMigrate(...any) error }) error {
	return db.AutoMigrate(&models.TestOnly{})
}
