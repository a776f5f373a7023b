// Package gopgiface holds go-pg chains started on the interfaces that
// stand for a DB or a Tx (pg.DBI, orm.DB), with ModelContext, with the
// values Update, Insert and Delete scan into, and with a query given as a
// clause's argument; the test builds the same chains with the real go-pg.
package gopgiface

import (
	"context"
	"time"

	"github.com/go-pg/pg/v10"
	"github.com/go-pg/pg/v10/orm"
)

type Job struct {
	tableName struct{} `pg:"jobs,alias:j"`
	ID        int64
	Status    string
	RunAt     time.Time
	Attempts  int `pg:"attempts_made"`
}

type store struct {
	db pg.DBI
}

func (s *store) Claim(ctx context.Context) {
	var jobs []Job
	s.db.ModelContext(ctx, &jobs).Where("status = ?", "queued").Order("run_at").Limit(1).For("UPDATE SKIP LOCKED").Select()
}

func (s *store) Complete(ctx context.Context, job *Job) {
	s.db.ModelContext(ctx, job).Set("status = ?", "done").Where("status = ?", "running").WherePK().Update()
}

func (s *store) TakeNext(ctx context.Context) {
	var job Job
	s.db.ModelContext(ctx, &job).
		Set("status = ?", "running").
		Where("id = (?)", s.db.Model(new(Job)).Column("id").Where("status = ?", "queued").Order("id ASC").For("UPDATE SKIP LOCKED").Limit(1)).
		Returning("*").
		Update(&job)
}

func Enqueue(db orm.DB, job *Job) {
	db.Model(job).Returning("id").Insert(&job.ID)
}

func Remove(tx *pg.Tx, job *Job) {
	var id int64
	tx.Model(job).WherePK().Returning("id").Delete(&id)
}

// Not read: a subquery built out of sight.
func (s *store) UnreadSubquery(ctx context.Context, sub *orm.Query) {
	var job Job
	s.db.ModelContext(ctx, &job).Set("status = ?", "running").Where("id = (?)", sub).Update()
}

func (s *store) ClaimIn(ctx context.Context, queues []string) {
	var job Job
	s.db.ModelContext(ctx, &job).
		Set("status = ?", "running").
		Where("id = (?)", s.db.Model(new(Job)).Column("id").Where("status = ?", "queued").WhereIn("queue IN (?)", queues).Order("id ASC").For("UPDATE SKIP LOCKED").Limit(1)).
		Returning("*").
		Update(&job)
}

func (s *store) UnreadWhereInLiteral(ctx context.Context) {
	var jobs []Job
	s.db.ModelContext(ctx, &jobs).WhereIn("queue IN (?)", []string{"a", "b"}).Select()
}
