// A webhook relay with a state marker, in a READ COMMITTED transaction
// that holds the poll and the marks: the transaction alone keeps no second
// relay from reading the same pending rows.
package relay_state

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Sender interface {
	Send(ctx context.Context, url string, body []byte) error
}

func Enqueue(ctx context.Context, pool *pgxpool.Pool, url string, body []byte) error {
	_, err := pool.Exec(ctx, `INSERT INTO webhooks (url, body, status) VALUES ($1, $2, 'pending')`, url, body)
	return err
}

func Deliver(ctx context.Context, pool *pgxpool.Pool, s Sender) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	rows, err := tx.Query(ctx, `SELECT id, url, body FROM webhooks WHERE status = 'pending' ORDER BY id LIMIT 50`) // want `two relays read the same unmarked rows`
	if err != nil {
		return err
	}
	type hook struct {
		id   int64
		url  string
		body []byte
	}
	var hooks []hook
	for rows.Next() {
		var h hook
		if err := rows.Scan(&h.id, &h.url, &h.body); err != nil {
			return err
		}
		hooks = append(hooks, h)
	}
	rows.Close()
	for _, h := range hooks {
		if err := s.Send(ctx, h.url, h.body); err != nil {
			continue
		}
		if _, err := tx.Exec(ctx, `UPDATE webhooks SET status = 'delivered' WHERE id = $1`, h.id); err != nil {
			return err
		}
	}
	return tx.Commit(ctx)
}
