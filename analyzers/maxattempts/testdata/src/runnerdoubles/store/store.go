// Package store is the dispatcher's PostgreSQL store.
package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Delivery struct {
	ID   int64
	Body []byte
}

type Store struct{ pool *pgxpool.Pool }

func New(pool *pgxpool.Pool) *Store { return &Store{pool: pool} }

func (s *Store) ClaimDelivery(ctx context.Context) (Delivery, error) {
	var d Delivery
	err := s.pool.QueryRow(ctx, `UPDATE webhook_deliveries SET status = 'sending', attempts = attempts + 1, locked_at = now()
		WHERE id = (SELECT id FROM webhook_deliveries WHERE status IN ('pending', 'retry') AND next_attempt_at <= now()
			ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, body`).Scan(&d.ID, &d.Body)
	return d, err
}

func (s *Store) MarkDelivered(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE webhook_deliveries SET status = 'delivered' WHERE id = $1`, id)
	return err
}

func (s *Store) MarkRetry(ctx context.Context, id int64, next time.Time) error { // want MarkRetry:"retries\\(store.go:35\\)"
	_, err := s.pool.Exec(ctx, `UPDATE webhook_deliveries SET status = 'retry', next_attempt_at = $2, locked_at = NULL WHERE id = $1`, id, next)
	return err
}
