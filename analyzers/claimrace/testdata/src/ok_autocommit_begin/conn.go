// BEGIN and COMMIT run as SQL on one connection: the locked read and the
// marks share that transaction.
package ok_autocommit_begin

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Add(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `INSERT INTO tasks (state) VALUES ('new')`)
	return err
}

func Drain(ctx context.Context, pool *pgxpool.Pool, run func(int64) error) error {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `BEGIN`); err != nil {
		return err
	}
	rows, err := conn.Query(ctx, `SELECT id FROM tasks WHERE state = 'new' ORDER BY id LIMIT 10 FOR UPDATE SKIP LOCKED`)
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
		if run(id) == nil {
			if _, err := conn.Exec(ctx, `UPDATE tasks SET state = 'done' WHERE id = $1`, id); err != nil {
				return err
			}
		}
	}
	_, err = conn.Exec(ctx, `COMMIT`)
	return err
}
