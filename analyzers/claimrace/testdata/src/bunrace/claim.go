// The seed's race through bun: an unlocked SELECT of the next job, then an
// UPDATE of it by its key.
package bunrace

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
	if err := db.NewSelect().Model(&j).Where("status = ?", "queued").Order("id").Limit(1).Scan(ctx); err != nil { // want `two workers can claim the same job`
		return nil, err
	}
	_, err := db.NewUpdate().Model(&j).Set("status = ?", "running").WherePK().Exec(ctx)
	return &j, err
}
