// A consumer handed job ids by a broker marks each job running by key,
// runs it and records how it ended; a consumer killed mid-run leaves the
// row running, and nothing takes it back.
package blindtake

import (
	"context"
	"database/sql"
)

func Execute(ctx context.Context, db *sql.DB, id int64, run func() error) {
	// want +1 `this claim moves the job to 'running' and writes no lease deadline`
	db.ExecContext(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	if err := run(); err != nil {
		db.ExecContext(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id)
		return
	}
	db.ExecContext(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
}
