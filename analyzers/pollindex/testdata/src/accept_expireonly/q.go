// Messages are acknowledged by another service, which deletes them; what
// this package shows is the publish, the read, and the purge of messages
// nobody read before they expired. No statement keeps a finished message,
// and the (run_at) index gives the read its order.
package accept_expireonly

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

func Expire(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `DELETE FROM messages WHERE expires_at < now()`)
	return err
}
