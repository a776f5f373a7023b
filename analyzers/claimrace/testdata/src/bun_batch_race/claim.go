// bun: a batch of queued jobs read without a lock, then taken by an UPDATE
// of their ids with bun.In, each statement committing on its own: two
// workers take the same batch.
package bun_batch_race

import (
	"context"

	"github.com/uptrace/bun"
)

func Take(ctx context.Context, db *bun.DB, n int) ([]int64, error) {
	var ids []int64
	if err := db.NewSelect().Table("jobs").Column("id").Where("status = ?", "queued").Order("run_at").Limit(n).Scan(ctx, &ids); err != nil { // want `two workers can claim the same job`
		return nil, err
	}
	_, err := db.NewUpdate().Table("jobs").Set("status = ?", "running").Where("id IN (?)", bun.In(ids)).Exec(ctx)
	return ids, err
}
