// A compare-and-set claim by id, in a function of its own, result ignored.
package cas_alone

import (
	"context"

	"github.com/jackc/pgx/v5"
)

func Take(ctx context.Context, tx pgx.Tx, id int64) error {
	tx.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1 AND status IN ('queued')`, id) // want `compare-and-set claim`
	return nil
}

func Next(ctx context.Context, tx pgx.Tx) (ids []int64, err error) {
	rows, err := tx.Query(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 10`)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var id int64
		rows.Scan(&id)
		ids = append(ids, id)
	}
	return ids, nil
}
