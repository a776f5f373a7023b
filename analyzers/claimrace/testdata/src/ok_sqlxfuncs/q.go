// The same claim through sqlx's package functions, locked: FOR UPDATE SKIP
// LOCKED in the transaction that marks the job.
package ok_sqlxfuncs

import (
	"github.com/jmoiron/sqlx"
)

func Claim(db *sqlx.DB) (int64, error) {
	tx, err := db.Beginx()
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	var ids []int64
	if err := sqlx.Select(tx, &ids, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`); err != nil {
		return 0, err
	}
	if len(ids) == 0 {
		return 0, nil
	}
	sqlx.MustExec(tx, `UPDATE jobs SET status = 'running' WHERE id = $1`, ids[0])
	return ids[0], tx.Commit()
}
