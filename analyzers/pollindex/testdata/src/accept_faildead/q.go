// The same queue, but a message that failed for good moves to a
// dead-letter table: no finished message stays in messages, and the
// (run_at) index hands the poll the first waiting one.
package accept_faildead

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
	if _, err := pool.Exec(ctx, `INSERT INTO dead_messages (id, payload) SELECT id, payload FROM messages WHERE id = $1`, id); err != nil {
		return err
	}
	_, err := pool.Exec(ctx, `DELETE FROM messages WHERE id = $1 AND status = 'assigned'`, id)
	return err
}
