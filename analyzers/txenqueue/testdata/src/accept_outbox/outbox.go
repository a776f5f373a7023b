// An outbox row in the transaction; a relay moves it to the queue later.
package accept_outbox

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
	if _, err := tx.Exec(ctx, `INSERT INTO outbox (topic, payload) VALUES ('welcome_email', jsonb_build_object('user_id', $1::bigint))`, id); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
