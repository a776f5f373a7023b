// A FOR UPDATE read of one job by its id on the pool: a lookup (is it
// still new?), which claims nothing and is no queue poll; the claim is the
// single UPDATE.
package ok_autocommit_lookup

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Add(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `INSERT INTO tasks (state) VALUES ('new')`)
	return err
}

func Claim(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	var id int64
	err := pool.QueryRow(ctx, `UPDATE tasks SET state = 'working' WHERE id = (
		SELECT id FROM tasks WHERE state = 'new' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func Waiting(ctx context.Context, pool *pgxpool.Pool, id int64) (bool, error) {
	rows, err := pool.Query(ctx, `SELECT id FROM tasks WHERE id = $1 AND state = 'new' FOR UPDATE`, id)
	if err != nil {
		return false, err
	}
	defer rows.Close()
	return rows.Next(), rows.Err()
}

func Finish(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE tasks SET state = 'done' WHERE id = $1`, id)
	return err
}
