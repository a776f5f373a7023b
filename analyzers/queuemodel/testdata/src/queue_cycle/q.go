package queue_cycle // want package:"queues\\(public.outbox\\)"

// An outbox kept in a flag, with its whole life cycle: messages are
// inserted unsent, a relay finds the oldest unsent one and takes it by
// flipping sent only if it is still unsent, and deletes it once
// delivered. The flag is a job state here.

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Add(ctx context.Context, pool *pgxpool.Pool, body []byte) error {
	_, err := pool.Exec(ctx, `INSERT INTO outbox (body) VALUES ($1)`, body)
	return err
}

func Take(ctx context.Context, pool *pgxpool.Pool) (int64, bool, error) { // want Take:"claims jobs"
	var id int64
	if err := pool.QueryRow(ctx, `SELECT id FROM outbox WHERE sent = false ORDER BY id LIMIT 1`).Scan(&id); err != nil {
		return 0, false, err
	}
	tag, err := pool.Exec(ctx, `UPDATE outbox SET sent = true WHERE id = $1 AND sent = false`, id)
	return id, tag.RowsAffected() == 1, err
}

func Delivered(ctx context.Context, pool *pgxpool.Pool, id int64) error { // want Delivered:"completes jobs, writes outcomes"
	_, err := pool.Exec(ctx, `DELETE FROM outbox WHERE id = $1`, id)
	return err
}
