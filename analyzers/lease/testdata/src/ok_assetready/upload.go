// An upload completes on the pool: the variants are made first, a failure
// marks the asset failed and returns, and only then MarkReady records
// the asset's success. MarkReady comes after the work, nothing is held
// in progress while it runs, and no lease is needed.
package ok_assetready

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"assetdb"
)

func CompleteUpload(ctx context.Context, pool *pgxpool.Pool, id int64, makeVariants func(int64) error) error {
	q := assetdb.New(pool)
	if err := makeVariants(id); err != nil {
		_ = q.MarkFailed(ctx, id, err.Error())
		return err
	}
	_, err := q.MarkReady(ctx, id)
	return err
}
