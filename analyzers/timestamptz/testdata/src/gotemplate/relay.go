package gotemplate

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Next(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `DELETE FROM outbox WHERE id = (
		SELECT id FROM outbox WHERE state = 'pending' AND available_at <= now()
		ORDER BY available_at LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}
