// FOR UPDATE SKIP LOCKED through bun on the DB itself: the lock ends with
// the SELECT, before the UPDATE takes the job.
package bunpoollock

import (
	"context"

	"github.com/uptrace/bun"
)

type Job struct {
	bun.BaseModel `bun:"table:jobs"`
	ID            int64 `bun:",pk"`
	Status        string
}

func Claim(ctx context.Context, db *bun.DB) (*Job, error) {
	var j Job
	q := db.NewSelect().Model(&j).Where("status = ?", "queued").Order("id").Limit(1)
	q = q.For("UPDATE SKIP LOCKED")
	if err := q.Scan(ctx); err != nil { // want `FOR UPDATE on a pool releases its row lock as soon as the SELECT returns`
		return nil, err
	}
	_, err := db.NewUpdate().Model(&j).Set("status = ?", "running").WherePK().Exec(ctx)
	return &j, err
}
