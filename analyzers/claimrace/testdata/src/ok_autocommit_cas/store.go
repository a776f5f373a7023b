// The locked read on the pool claims nothing, but each row is then taken
// by a compare-and-set that re-checks the state the poll read and whose
// row count is checked: that UPDATE is the claim.
package ok_autocommit_cas

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Add(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `INSERT INTO tasks (state) VALUES ('new')`)
	return err
}

func Drain(ctx context.Context, pool *pgxpool.Pool, run func(int64) error) error {
	rows, err := pool.Query(ctx, `SELECT id FROM tasks WHERE state = 'new' ORDER BY id LIMIT 10 FOR UPDATE SKIP LOCKED`)
	if err != nil {
		return err
	}
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return err
		}
		ids = append(ids, id)
	}
	rows.Close()
	for _, id := range ids {
		tag, err := pool.Exec(ctx, `UPDATE tasks SET state = 'working' WHERE id = $1 AND state = 'new'`, id)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			continue // another worker took it
		}
		if run(id) == nil {
			if _, err := pool.Exec(ctx, `UPDATE tasks SET state = 'done' WHERE id = $1`, id); err != nil {
				return err
			}
		}
	}
	return nil
}
