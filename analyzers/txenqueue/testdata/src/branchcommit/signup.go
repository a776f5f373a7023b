// The transaction commits in one branch only: on the other path the
// welcome e-mail is enqueued while the user's row is still uncommitted.
package branchcommit

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
	if verified {
		if err := tx.Commit(ctx); err != nil {
			return err
		}
		_, err := pool.Exec(ctx, `INSERT INTO jobs (kind, payload) VALUES ('welcome_email', jsonb_build_object('user_id', $1::bigint))`, id)
		return err
	}
	if _, err := pool.Exec(ctx, `INSERT INTO jobs (kind, payload) VALUES ('verify_email', jsonb_build_object('user_id', $1::bigint))`, id); err != nil { // want `this job is enqueued outside transaction tx, which writes users and is still open\nit is enqueued by an INSERT into jobs on the pool:`
		return err
	}
	return tx.Commit(ctx)
}
