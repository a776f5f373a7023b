// Soft deletion: the listing skips deleted posts, and deleting a post sets
// deleted_at only once. NULL is a state here too, but nothing takes work.
package notqueue_softdelete

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Recent(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Query(ctx, `SELECT id, title FROM posts WHERE deleted_at IS NULL ORDER BY created_at DESC LIMIT 20`)
	return err
}

func Delete(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE posts SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL`, id)
	return err
}

func Restore(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE posts SET deleted_at = NULL WHERE id = $1`, id)
	return err
}

func Create(ctx context.Context, pool *pgxpool.Pool, title string) error {
	_, err := pool.Exec(ctx, `INSERT INTO posts (title, created_at) VALUES ($1, now())`, title)
	return err
}
