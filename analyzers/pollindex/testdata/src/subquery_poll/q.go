// The poll is a subquery in FROM: the oldest pending message of each key,
// of which the relay takes the first ten by created_at. Only the key is
// indexed: each poll reads the sent messages too.
package subquery_poll

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Take(ctx context.Context, pool *pgxpool.Pool) ([]int64, error) {
	rows, err := pool.Query(ctx, `UPDATE outbox SET status = 'sending'
		WHERE status = 'pending' AND id IN (
			SELECT id FROM (
				SELECT DISTINCT ON (key) id, created_at FROM outbox
				WHERE status = 'pending' ORDER BY key, created_at
			) firsts ORDER BY created_at LIMIT 10)
		RETURNING id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

func Sent(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE outbox SET status = 'sent' WHERE id = $1`, id)
	return err
}
