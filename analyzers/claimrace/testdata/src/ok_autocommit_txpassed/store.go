// The poll runs on the pgx.Tx its caller passes down, and the caller marks
// the rows in that transaction before it commits.
package ok_autocommit_txpassed

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func Add(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `INSERT INTO tasks (state) VALUES ('new')`)
	return err
}

func next(ctx context.Context, tx pgx.Tx) ([]int64, error) {
	rows, err := tx.Query(ctx, `SELECT id FROM tasks WHERE state = 'new' ORDER BY id LIMIT 10 FOR UPDATE SKIP LOCKED`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

func Work(ctx context.Context, pool *pgxpool.Pool, run func(int64) error) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		ids, err := next(ctx, tx)
		if err != nil {
			return err
		}
		for _, id := range ids {
			if run(id) == nil {
				if _, err := tx.Exec(ctx, `UPDATE tasks SET state = 'done' WHERE id = $1`, id); err != nil {
					return err
				}
			}
		}
		return nil
	})
}
