// The transaction commits on each path before the job is enqueued.
package accept_branchcommit

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func SignUp(ctx context.Context, pool *pgxpool.Pool, email string, verified bool) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var id int64
	if err := tx.QueryRow(ctx, `INSERT INTO users (email) VALUES ($1) RETURNING id`, email).Scan(&id); err != nil {
		return err
	}
	kind := "verify_email"
	if verified {
		if err := tx.Commit(ctx); err != nil {
			return err
		}
		kind = "welcome_email"
	} else if err := tx.Commit(ctx); err != nil {
		return err
	}
	_, err = pool.Exec(ctx, `INSERT INTO jobs (kind, payload) VALUES ($1, jsonb_build_object('user_id', $2::bigint))`, kind, id)
	return err
}
