// A compare-and-set prepared once and run for each job found; each run's
// row count decides whether this worker took the job.
package ok_cas_prepared

import (
	"context"
	"database/sql"
)

func Claim(ctx context.Context, db *sql.DB) ([]int64, error) {
	rows, err := db.QueryContext(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 10`)
	if err != nil {
		return nil, err
	}
	var found []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		found = append(found, id)
	}
	stmt, err := db.PrepareContext(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1 AND status = 'queued'`)
	if err != nil {
		return nil, err
	}
	defer stmt.Close()
	var taken []int64
	for _, id := range found {
		res, err := stmt.ExecContext(ctx, id)
		if err != nil {
			continue
		}
		if n, _ := res.RowsAffected(); n == 1 {
			taken = append(taken, id)
		}
	}
	return taken, nil
}
