// The poll's own statement claims: a data-modifying CTE moves the locked
// rows to 'working' and the SELECT reads what it moved. A second worker's
// poll no longer matches them.
package ok_autocommit_onestmt

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Add(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `INSERT INTO tasks (state) VALUES ('new')`)
	return err
}

func Drain(ctx context.Context, pool *pgxpool.Pool, run func(int64) error) error {
	rows, err := pool.Query(ctx, `WITH picked AS (
		UPDATE tasks SET state = 'working' WHERE id IN (
			SELECT id FROM tasks WHERE state = 'new' ORDER BY id LIMIT 10 FOR UPDATE SKIP LOCKED)
		RETURNING id)
	SELECT id FROM picked`)
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
		state := "done"
		if run(id) != nil {
			state = "failed"
		}
		if _, err := pool.Exec(ctx, `UPDATE tasks SET state = $2 WHERE id = $1`, id, state); err != nil {
			return err
		}
	}
	return nil
}
