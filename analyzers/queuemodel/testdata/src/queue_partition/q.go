package queue_partition // want package:"queues\\(public.jobs\\)"

// A queue with no state column: rows of one queue are taken by
// queue = $1 with SKIP LOCKED and deleted when done. Equality to a bound
// queue name is a partition of the table, not a key: the SELECT is a claim.

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func Enqueue(ctx context.Context, pool *pgxpool.Pool, queue string, payload []byte) error {
	_, err := pool.Exec(ctx, `INSERT INTO jobs (queue, payload) VALUES ($1, $2)`, queue, payload)
	return err
}

func Work(ctx context.Context, pool *pgxpool.Pool, queue string, run func([]byte) error) error { // want Work:"claims jobs"
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		var id int64
		var payload []byte
		if err := tx.QueryRow(ctx, `SELECT id, payload FROM jobs WHERE queue = $1 LIMIT 1 FOR UPDATE SKIP LOCKED`, queue).Scan(&id, &payload); err != nil {
			return err
		}
		if err := run(payload); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `DELETE FROM jobs WHERE id = $1`, id)
		return err
	})
}
