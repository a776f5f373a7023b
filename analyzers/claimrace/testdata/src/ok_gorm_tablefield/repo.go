// The same repository with the Update inside the transaction that holds
// the row lock.
package ok_gorm_tablefield

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
	if err := tx.Table(r.table).Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
		Where("status = ?", "queued").Order("id").Take(&job).Error; err != nil {
		tx.Rollback()
		return nil, err
	}
	if err := tx.Table(r.table).Model(&job).Update("status", "running").Error; err != nil {
		tx.Rollback()
		return nil, err
	}
	return &job, tx.Commit().Error
}
