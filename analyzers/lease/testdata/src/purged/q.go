// The claim writes no lease; a cleanup deletes messages once they expire,
// whatever their state: a dead worker's message is not left claimed
// forever, it is deleted, and never delivered.
package purged

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	// want +1 `this claim moves the job to 'assigned' and writes no lease deadline\na worker killed mid-job \(on every deploy\) leaves the row 'assigned' until a DELETE of old rows \(expires_at < now\(\)\) removes it, and the job never runs again;`
	err = pool.QueryRow(ctx, `UPDATE messages SET status = 'assigned'
		WHERE id = (SELECT id FROM messages WHERE status = 'pending' AND expires_at > now() ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Ack(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `DELETE FROM messages WHERE id = $1 AND status = 'assigned'`, id)
	return err
}

func Cleanup(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `DELETE FROM messages WHERE expires_at < now()`)
	return err
}

// PurgeDelivered deletes only delivered messages: it takes nothing claimed.
func PurgeDelivered(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `DELETE FROM messages WHERE status = 'delivered' AND created_at < now() - interval '1 day'`)
	return err
}
