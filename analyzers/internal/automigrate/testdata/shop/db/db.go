package db

import (
	"example.com/shop/models"
	"gorm.io/gorm"
)

func Migrate(db *gorm.DB) error {
	return db.AutoMigrate(&models.Job{}, new(models.Worker), (*models.Lease)(nil), models.Batch{})
}
