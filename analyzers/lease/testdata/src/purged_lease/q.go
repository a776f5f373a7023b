// The claim writes a lease that nothing reclaims; a cleanup deletes
// messages once they expire: a dead worker's message is deleted, never
// delivered.
package purged_lease

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	// want +1 `this claim writes a lease \(locked_until\), but no statement in the module returns jobs whose lease expired\na killed worker's job stays 'assigned' until a DELETE of old rows \(expires_at < now\(\)\) removes it, and the job never runs again;`
	err = pool.QueryRow(ctx, `UPDATE messages SET status = 'assigned', locked_until = now() + interval '5 minutes'
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
