// The compare-and-set Update of ok_gorm_cas, with only its error checked:
// the loser goes on to run a job it did not take.
package gorm_cas_unchecked

import "gorm.io/gorm"

type Job struct {
	ID     int64
	Status string
}

func Claim(db *gorm.DB) (*Job, error) {
	var job Job
	if err := db.Where("status = ?", "queued").Order("id").First(&job).Error; err != nil {
		return nil, err
	}
	if err := db.Model(&Job{}).Where("id = ? AND status = ?", job.ID, "queued").Update("status", "running").Error; err != nil { // want `this compare-and-set claim re-checks the status, but nothing checks that it matched a row`
		return nil, err
	}
	return &job, nil
}
