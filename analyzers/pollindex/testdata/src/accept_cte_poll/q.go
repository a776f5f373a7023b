// The poll is a WITH query; the SELECT that reads it takes the first rows
// by created_at. A partial index on created_at holds the pending rows.
package accept_cte_poll

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const statusPending = "pending"

func Next(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	var id int64
	err := pool.QueryRow(ctx, `WITH next_events AS (
			SELECT id, created_at FROM outbox WHERE status = $1
		)
		SELECT id FROM next_events ORDER BY created_at LIMIT 1`, statusPending).Scan(&id)
	if err != nil {
		return 0, err
	}
	_, err = pool.Exec(ctx, `UPDATE outbox SET status = 'sending' WHERE id = $1`, id)
	return id, err
}

func Sent(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE outbox SET status = 'sent' WHERE id = $1`, id)
	return err
}
