// The seed's race through GORM's raw SQL entry points.
package gorm_rawrace

import "gorm.io/gorm"

func Claim(db *gorm.DB) (int64, error) {
	var id int64
	if err := db.Raw("SELECT id FROM jobs WHERE status = ? ORDER BY id LIMIT 1", "queued").Scan(&id).Error; err != nil { // want `two workers can claim the same job\nboth run this SELECT before either UPDATE commits`
		return 0, err
	}
	return id, db.Exec("UPDATE jobs SET status = 'running' WHERE id = ?", id).Error
}
