// sqlx's package functions run SQL on the handle they are given: an
// unlocked sqlx.Get on the pool, then sqlx.MustExec's UPDATE by id. Two
// workers read the same job before either marks it.
package sqlxfuncs

import (
	"context"

	"github.com/jmoiron/sqlx"
)

func Claim(ctx context.Context, db *sqlx.DB) int64 {
	var id int64
	if err := sqlx.GetContext(ctx, db, &id, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1`); err != nil { // want `two workers can claim the same job`
		return 0
	}
	sqlx.MustExecContext(ctx, db, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return id
}
