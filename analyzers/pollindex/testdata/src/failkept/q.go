// A message queue that deletes each message when the consumer
// acknowledges it, but marks a message that failed for good as dead and
// keeps it: dead messages pile up, and the (run_at) index walks all of them
// before it finds a pending one.
package failkept

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Publish(ctx context.Context, pool *pgxpool.Pool, payload []byte) error {
	_, err := pool.Exec(ctx, `INSERT INTO messages (payload) VALUES ($1)`, payload)
	return err
}

func Read(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE messages SET status = 'assigned'
		WHERE id = (SELECT id FROM messages WHERE status = 'pending' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Ack(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `DELETE FROM messages WHERE id = $1 AND status = 'assigned'`, id)
	return err
}

func Fail(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE messages SET status = 'dead' WHERE id = $1 AND status = 'assigned'`, id)
	return err
}
