// Compare-and-set with RETURNING: no row, sql.ErrNoRows, the job is not run.
package ok_cas_returning

import (
	"context"
	"database/sql"
)

func Claim(ctx context.Context, db *sql.DB, id int64) (payload []byte, err error) {
	err = db.QueryRowContext(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1 AND status = 'queued' RETURNING payload`, id).Scan(&payload)
	return payload, err
}

func Candidates(ctx context.Context, db *sql.DB) (*sql.Rows, error) {
	return db.QueryContext(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 10`)
}
