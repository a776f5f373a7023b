// A repository whose table its caller picks (the worker command passes
// "jobs"): GORM's Table(r.table) names the table by the field. The SKIP
// LOCKED read's transaction commits before the Update takes the row.
package gorm_tablefield

import (
	"context"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type Job struct {
	ID     int64
	Status string
}

type Repo struct {
	db    *gorm.DB
	table string
}

func NewRepo(db *gorm.DB, table string) *Repo { return &Repo{db: db, table: table} }

func (r *Repo) Claim(ctx context.Context) (*Job, error) {
	tx := r.db.WithContext(ctx).Begin()
	var job Job
	if err := tx.Table(r.table).Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).Where("status = ?", "queued").Order("id").Take(&job).Error; err != nil { // want `the transaction that holds this row lock ends before the UPDATE that takes the job`
		tx.Rollback()
		return nil, err
	}
	if err := tx.Commit().Error; err != nil {
		return nil, err
	}
	return &job, r.db.WithContext(ctx).Table(r.table).Model(&job).Update("status", "running").Error
}
