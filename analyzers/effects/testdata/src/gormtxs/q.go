// GORM's transactions: Begin's result and the chains built on it are the
// transaction; the *gorm.DB it began on is not.
package gormtxs

import (
	"context"
	"database/sql"

	"gorm.io/gorm"
)

func Begun(ctx context.Context, db *gorm.DB) {
	tx := db.Begin()
	tx.WithContext(ctx).Exec("UPDATE jobs SET n = 1") // want `on unknown tx L13 default`
	db.Exec("UPDATE jobs SET n = 2")                  // want `on unknown tx none same=false`
	tx.Commit()
	tx.Exec("UPDATE jobs SET n = 3") // want `on unknown tx none same=false`
}

func InTransaction(db *gorm.DB) error {
	return db.Transaction(func(tx *gorm.DB) error {
		tx.Exec("UPDATE jobs SET n = 1")                                 // want `on unknown tx L21 default`
		return tx.Where("id = ?", 1).Exec("UPDATE jobs SET n = 2").Error // want `on unknown tx L21 default same=true`
	})
}

func Serializable(db *gorm.DB) error {
	return db.Transaction(func(tx *gorm.DB) error {
		return tx.Exec("UPDATE jobs SET n = 1").Error // want `on unknown tx L28 serializable`
	}, &sql.TxOptions{Isolation: sql.LevelSerializable})
}

func BeginReadCommitted(db *gorm.DB) {
	tx := db.Begin(&sql.TxOptions{Isolation: sql.LevelReadCommitted})
	tx.Exec("UPDATE jobs SET n = 1") // want `on unknown tx L34 read committed`
	tx.Commit()
}
