// A GORM lookup of one row by its primary key with SKIP LOCKED (a password
// reset consumed once): First adds ORDER BY id LIMIT 1, but the row is
// known, not the next runnable one.
package lookup_gorm

import (
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type ResetToken struct {
	ID       int64
	Token    string
	Consumed bool
	Created  time.Time
}

func Consume(db *gorm.DB, token string) (*ResetToken, error) {
	var rt ResetToken
	err := db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
			Where("token = ?", token).First(&rt).Error; err != nil {
			return err
		}
		return tx.Model(&rt).Update("consumed", true).Error
	})
	if err != nil {
		return nil, err
	}
	return &rt, nil
}

func Create(db *gorm.DB, token string) error {
	return db.Create(&ResetToken{Token: token, Created: time.Now()}).Error
}
