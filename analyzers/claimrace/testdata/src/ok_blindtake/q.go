// A consumer handed job ids by a broker marks each job running by key with
// no re-check: whether two consumers can get one id is the broker's
// business, which the rule cannot see.
package ok_blindtake

import (
	"context"
	"database/sql"
)

func Execute(ctx context.Context, db *sql.DB, id int64, run func() error) {
	db.ExecContext(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	if err := run(); err != nil {
		db.ExecContext(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id)
		return
	}
	db.ExecContext(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
}
