// An unlocked SELECT and the Update in one serializable GORM Transaction:
// the second claimer's Update fails with a serialization error.
package ok_gorm_serializable

import (
	"database/sql"

	"gorm.io/gorm"
)

type Job struct {
	ID     int64
	Status string
}

func Claim(db *gorm.DB) (*Job, error) {
	var job Job
	err := db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("status = ?", "queued").Order("id").Take(&job).Error; err != nil {
			return err
		}
		return tx.Model(&job).Update("status", "running").Error
	}, &sql.TxOptions{Isolation: sql.LevelSerializable})
	return &job, err
}
