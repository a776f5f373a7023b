// The only DELETEs that go by age skip claimed rows, and the one that
// takes claimed rows goes by key: a dead worker's message stays claimed.
package purged_other

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	// want +1 `this claim moves the job to 'assigned' and writes no lease deadline\na worker killed mid-job \(on every deploy\) leaves the row 'assigned' forever;`
	err = pool.QueryRow(ctx, `UPDATE messages SET status = 'assigned'
		WHERE id = (SELECT id FROM messages WHERE status = 'pending' AND expires_at > now() ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Ack(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `DELETE FROM messages WHERE id = $1 AND status = 'assigned'`, id)
	return err
}

func PurgeUnclaimed(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `DELETE FROM messages WHERE status = 'pending' AND expires_at < now()`)
	return err
}
