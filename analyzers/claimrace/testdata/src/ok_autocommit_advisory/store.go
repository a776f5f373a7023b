// The drain runs only while it holds a session advisory lock on its
// connection: one drainer at a time, whatever its SELECT locks.
package ok_autocommit_advisory

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
	var got bool
	if err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock(42)`).Scan(&got); err != nil || !got {
		return err
	}
	defer conn.Exec(ctx, `SELECT pg_advisory_unlock(42)`)
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
	return nil
}
