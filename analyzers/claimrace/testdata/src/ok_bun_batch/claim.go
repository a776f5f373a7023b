// bun: the batch locked with FOR UPDATE SKIP LOCKED and taken by an UPDATE
// of its ids (bun.In) in the same RunInTx transaction.
package ok_bun_batch

import (
	"context"

	"github.com/uptrace/bun"
)

func Take(ctx context.Context, db *bun.DB, n int) ([]int64, error) {
	var ids []int64
	err := db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if err := tx.NewSelect().Table("jobs").Column("id").Where("status = ?", "queued").Order("run_at").Limit(n).For("UPDATE SKIP LOCKED").Scan(ctx, &ids); err != nil {
			return err
		}
		_, err := tx.NewUpdate().Table("jobs").Set("status = ?", "running").Where("id IN (?)", bun.In(ids)).Exec(ctx)
		return err
	})
	return ids, err
}
