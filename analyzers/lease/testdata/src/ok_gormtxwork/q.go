// The same claim, but the work and its outcome run inside the
// transaction's function: a worker killed mid-job rolls the claim back,
// and the row is 'pending' again. The job leaves the function (workOne
// returns it, for the log) only once its outcome is written.
package ok_gormtxwork

import (
	"log"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type Job struct {
	ID     uint
	Status string
	RunAt  time.Time
}

func workOne(db *gorm.DB, run func(Job) error) (Job, error) {
	var job Job
	err := db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
			Where("status = ?", "pending").Order("run_at").Limit(1).Find(&job).Error; err != nil {
			return err
		}
		if err := tx.Model(&Job{}).Where("id = ?", job.ID).Update("status", "processing").Error; err != nil {
			return err
		}
		if err := run(job); err != nil {
			return err
		}
		return tx.Model(&Job{}).Where("id = ?", job.ID).Update("status", "done").Error
	})
	return job, err
}

func Work(db *gorm.DB, run func(Job) error) {
	for {
		if job, err := workOne(db, run); err != nil {
			log.Printf("job %d: %v", job.ID, err)
		}
	}
}
