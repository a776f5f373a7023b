// The job is enqueued once the entity is committed: a crash between the
// two loses the e-mail, which the team accepts (at most once), and the
// worker always finds the row.
package accept_aftercommit

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func SignUp(ctx context.Context, pool *pgxpool.Pool, email string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var id int64
	if err := tx.QueryRow(ctx, `INSERT INTO users (email) VALUES ($1) RETURNING id`, email).Scan(&id); err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	_, err = pool.Exec(ctx, `INSERT INTO jobs (kind, payload) VALUES ('welcome_email', jsonb_build_object('user_id', $1::bigint))`, id)
	return err
}
