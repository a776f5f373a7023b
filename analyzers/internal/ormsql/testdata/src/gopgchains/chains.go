// Package gopgchains holds go-pg chains whose SQL the reader rebuilds; the
// test builds the same chains with the real go-pg and compares.
package gopgchains

import (
	"context"
	"time"

	"github.com/go-pg/pg/v10"
)

type Job struct {
	tableName struct{} `pg:"jobs,alias:j"`
	ID        int64
	Status    string
	RunAt     time.Time
	Attempts  int    `pg:"attempts_made"`
	Skip      string `pg:"-"`
}

type QueueItem struct {
	ID       int64
	LockedBy string
}

type Person struct {
	ID int64
}

func SelectClaim(db *pg.DB) {
	var jobs []Job
	db.Model(&jobs).Where("status = ?", "queued").Order("run_at").Limit(1).For("UPDATE SKIP LOCKED").Select()
}

func SelectClauses(tx *pg.Tx) {
	var jobs []Job
	tx.Model(&jobs).Column("id").Where("status = ?", "queued").WhereOr("x = 1").
		Order("run_at DESC", "id").OrderExpr("id ASC").Limit(1).Offset(2).For("UPDATE").Select()
}

func UpdateSet(db *pg.DB) {
	j := &Job{ID: 5}
	db.Model(j).Set("status = ?", "running").Where("status = ?", "queued").WherePK().Returning("id, status").Update()
}

func UpdateAll(db *pg.DB) {
	j := &Job{ID: 5}
	q := db.Model(j)
	q = q.WherePK()
	q.Update()
}

func UpdateColumn(db *pg.DB) {
	j := &Job{ID: 5}
	db.Model(j).Column("status").WherePK().Update()
}

func UpdateTable(db *pg.DB) {
	db.Model().Table("jobs").Set("status = ?", "a").Where("id = ?", 1).Update()
}

func Insert(db *pg.DB) {
	j := &Job{ID: 5}
	db.Model(j).Insert()
}

func DeleteWhere(db *pg.DB) {
	j := &Job{ID: 5}
	db.Model(j).Where("id = ?", 3).Delete()
}

func DeletePK(db *pg.DB) {
	j := &Job{ID: 5}
	db.Model(j).WherePK().Delete()
}

func DefaultNames(db *pg.DB) {
	var qi QueueItem
	db.Model(&qi).Where("id = ?", 3).Select()
}

func TableExpr(db *pg.DB) {
	db.Model().TableExpr("jobs AS j").ColumnExpr("j.id").Where("id = ?", 3).Select()
}

func Text(db *pg.DB) {
	db.Exec("UPDATE jobs SET status = ? WHERE id = ?", "a", 1)
}

func TextQuery(db *pg.DB) {
	var ids []int64
	db.Query(&ids, "SELECT id FROM jobs WHERE status = ?", "queued")
}

func InTx(ctx context.Context, db *pg.DB) error {
	return db.RunInTransaction(ctx, func(tx *pg.Tx) error {
		var jobs []Job
		return tx.Model(&jobs).Where("status = ?", "queued").Select()
	})
}

// What the reader does not read.

func Irregular(db *pg.DB) {
	var p Person
	db.Model(&p).Select() // unread: plural
}

func Count(db *pg.DB) {
	var jobs []Job
	db.Model(&jobs).Count() // unread: Count
}

func SelectInto(db *pg.DB) {
	var id int64
	db.Model((*Job)(nil)).Column("id").Limit(1).Select(&id) // unread: with values
}

func UpdateModelTableExpr(db *pg.DB) {
	j := &Job{ID: 5}
	db.Model(j).TableExpr("other").Set("status = ?", "a").Where("id = ?", 1).Update() // unread: Table with a model
}

// Build's tags put a space after each comma, which go-pg's tag parser
// skips.
type Build struct {
	tableName struct{} `pg:"builds, alias:b"`
	BuildID   string   `pg:"build_id, pk"`
	Status    string   `pg:"status, use_zero"`
}

func UpdateSpacedTags(db *pg.DB) {
	b := &Build{BuildID: "b1"}
	db.Model(b).Set("status = ?", "done").WherePK().Update()
}
