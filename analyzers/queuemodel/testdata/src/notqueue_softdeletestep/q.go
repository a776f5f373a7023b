// Deleting a member from an API call: look the member up by key, then
// mark it deleted only if it is not yet. Nothing ever clears deleted_at,
// so the row is ended, not taken to be worked.
package notqueue_softdeletestep

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

func List(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Query(ctx, `SELECT id, name FROM members WHERE deleted_at IS NULL ORDER BY id LIMIT 50`)
	return err
}

func Delete(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	var name string
	if err := pool.QueryRow(ctx, `SELECT name FROM members WHERE id = $1 AND deleted_at IS NULL ORDER BY id LIMIT 1`, id).Scan(&name); err != nil {
		return err
	}
	_, err := pool.Exec(ctx, `UPDATE members SET deleted_at = $2 WHERE id = $1 AND deleted_at IS NULL`, id, time.Now())
	return err
}

func Create(ctx context.Context, pool *pgxpool.Pool, name string) error {
	_, err := pool.Exec(ctx, `INSERT INTO members (name) VALUES ($1)`, name)
	return err
}
