// One acquired connection with no transaction begun on it: the locked
// read of a batch still commits on its own.
package autocommit_conn

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Drain(ctx context.Context, pool *pgxpool.Pool, run func(int64) error) error {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	rows, err := conn.Query(ctx, `SELECT id FROM tasks WHERE state = 'new' ORDER BY id LIMIT 10 FOR NO KEY UPDATE SKIP LOCKED`) // want `FOR NO KEY UPDATE on a conn releases its row locks`
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
		if _, err := conn.Exec(ctx, `UPDATE tasks SET state = $2 WHERE id = $1`, id, state); err != nil {
			return err
		}
	}
	return nil
}

func Add(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `INSERT INTO tasks (state) VALUES ('new')`)
	return err
}
