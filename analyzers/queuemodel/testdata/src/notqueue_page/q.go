// Keyset pagination over active users, and banning a user elsewhere.
package notqueue_page

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Page(ctx context.Context, pool *pgxpool.Pool, after int64) error {
	_, err := pool.Query(ctx, `SELECT id, email FROM users WHERE status = 'active' AND id > $1 ORDER BY id LIMIT 50`, after)
	return err
}

func Ban(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE users SET status = 'banned' WHERE id = $1`, id)
	return err
}
