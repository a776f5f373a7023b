// GORM's Transaction runs the claim and commits when the function returns
// nil: the rows leave through the captured slice, marked 'processing', and
// are worked on after the commit. Nothing gives them a lease or takes them
// back: a worker killed mid-job leaves them 'processing' for ever.
package gormtxclaim

import (
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type Job struct {
	ID     uint
	Status string
	RunAt  time.Time
}

func claim(db *gorm.DB, n int) ([]Job, error) {
	var jobs []Job
	err := db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
			Where("status = ?", "pending").Order("run_at").Limit(n).Find(&jobs).Error; err != nil {
			return err
		}
		ids := make([]uint, len(jobs))
		for i, j := range jobs {
			ids[i] = j.ID
		}
		return tx.Model(&Job{}).Where("id IN ?", ids).Update("status", "processing").Error // want `this claim moves the job to 'processing' and writes no lease deadline`
	})
	return jobs, err
}

func Work(db *gorm.DB, run func(Job) error) {
	for {
		jobs, err := claim(db, 10)
		if err != nil {
			continue
		}
		for _, j := range jobs {
			if run(j) == nil {
				db.Model(&Job{}).Where("id = ?", j.ID).Update("status", "done")
			}
		}
	}
}
