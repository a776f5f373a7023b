// A message queue that deletes each message when the consumer
// acknowledges it, and deletes the messages nobody read before they
// expired. No finished message stays in the table: the poll only ever
// walks messages waiting or being handled, and needs no partial index.
package accept_deleteack

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
	_, err := pool.Exec(ctx, `DELETE FROM messages WHERE id = $1 AND status = 'assigned'`, id)
	return err
}

func Expire(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `DELETE FROM messages WHERE expires_at < now()`)
	return err
}
