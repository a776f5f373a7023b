package errorf

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"
)

const MAX_TRIES = 4 // want `MAX_TRIES is declared but no decision reads it`

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running' WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func retry(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	if _, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id); err != nil {
		return fmt.Errorf("retry %d (limit %d): %w", id, MAX_TRIES, err)
	}
	return nil
}
