// The same message queue, but an acknowledged message is marked done and
// stays: the poll walks every message ever acknowledged before it finds a
// pending one.
package keepsdone

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Publish(ctx context.Context, pool *pgxpool.Pool, queue string, payload []byte) error {
	_, err := pool.Exec(ctx, `INSERT INTO messages (queue, payload) VALUES ($1, $2)`, queue, payload)
	return err
}

func Read(ctx context.Context, pool *pgxpool.Pool, queue string) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE messages SET status = 'assigned', locked_until = now() + interval '30 seconds'
		WHERE id = (SELECT id FROM messages WHERE queue = $1 AND status = 'pending' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, queue).Scan(&id)
	return id, err
}

func Ack(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE messages SET status = 'done' WHERE id = $1 AND status = 'assigned'`, id)
	return err
}
