// An unlocked First, then a compare-and-set Update whose RowsAffected the
// code checks: the loser updates no row and knows it.
package ok_gorm_cas

import (
	"errors"

	"gorm.io/gorm"
)

type Job struct {
	ID     int64
	Status string
}

var errTaken = errors.New("taken")

func Claim(db *gorm.DB) (*Job, error) {
	var job Job
	if err := db.Where("status = ?", "queued").Order("id").First(&job).Error; err != nil {
		return nil, err
	}
	res := db.Model(&Job{}).Where("id = ? AND status = ?", job.ID, "queued").Update("status", "running")
	if res.Error != nil {
		return nil, res.Error
	}
	if res.RowsAffected == 0 {
		return nil, errTaken
	}
	return &job, nil
}
