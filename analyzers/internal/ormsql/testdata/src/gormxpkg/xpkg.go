// Package gormxpkg reads GORM models declared in another package.
package gormxpkg

import (
	"context"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"gormxpkg/models"
)

func Claim(ctx context.Context, db *gorm.DB, id uint) (models.Event, error) {
	return gorm.G[models.Event](db, clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).Where("id = ?", id).First(ctx)
}

func SaveEvent(db *gorm.DB, e *models.Event) error {
	return db.Save(e).Error
}

func Handlers(ctx context.Context, db *gorm.DB) ([]models.Handler, error) {
	return gorm.G[models.Handler](db).Find(ctx)
}

// InTx locks the row and writes it back in one transaction.
func InTx(ctx context.Context, db *gorm.DB) error {
	return db.Transaction(func(tx *gorm.DB) error {
		_, err := gorm.G[models.Event](tx, clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).Where("id = ?", 5).First(ctx)
		return err
	})
}

func Scanned(ctx context.Context, db *gorm.DB) uint {
	e, err := gorm.G[models.Event](db).Where("id = ?", 1).First(ctx)
	if err != nil {
		return 0
	}
	return e.ID
}

func Unchecked(ctx context.Context, db *gorm.DB) {
	_, _ = gorm.G[models.Event](db).Where("id = ?", 1).Update(ctx, "status", "done")
}
