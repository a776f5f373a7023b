// A compare-and-set prepared once and run for each job found: the row
// count of each run is thrown away, so a job another worker took first
// runs here too. The finding is at the run, where the count is lost.
package cas_prepared

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
		if _, err := stmt.ExecContext(ctx, id); err != nil { // want `this compare-and-set claim re-checks the status, but nothing checks that it matched a row`
			continue
		}
		taken = append(taken, id)
	}
	return taken, nil
}
