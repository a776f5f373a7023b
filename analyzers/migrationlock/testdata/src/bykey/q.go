// The ids come from elsewhere (a Redis list): the queue's only claim is a
// compare-and-set by key. jobs is a queue table all the same; users, whose
// rows are activated by key, is not.
package bykey

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Start(ctx context.Context, pool *pgxpool.Pool, id string) (payload []byte, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', started_at = now()
		WHERE id = $1 AND status = 'pending' RETURNING payload`, id).Scan(&payload)
	return payload, err
}

func Finish(ctx context.Context, pool *pgxpool.Pool, id string, failed bool) error {
	status := "completed"
	if failed {
		status = "failed"
	}
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = $1 WHERE id = $2`, status, id)
	return err
}

func Activate(ctx context.Context, pool *pgxpool.Pool, id int64) (email string, err error) {
	err = pool.QueryRow(ctx, `UPDATE users SET status = 'active' WHERE id = $1 AND status = 'pending' RETURNING email`, id).Scan(&email)
	return email, err
}
