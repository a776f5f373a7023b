// Package bstore keeps the outbox in PostgreSQL through pgx; it gives a
// released event up when its caller says the attempts ran out.
package bstore

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Store struct{ Pool *pgxpool.Pool }

func (s *Store) Release(ctx context.Context, id int64, giveUp bool) error { // want Release:"retries\\(store.go:18\\)"
	if giveUp {
		_, err := s.Pool.Exec(ctx, `UPDATE outbox_events SET status = 'failed' WHERE id = $1 AND status = 'processing'`, id)
		return err
	}
	_, err := s.Pool.Exec(ctx, `UPDATE outbox_events SET status = 'pending', claimed_at = NULL WHERE id = $1 AND status = 'processing'`, id)
	return err
}

func (s *Store) MarkProcessed(ctx context.Context, id int64) error {
	_, err := s.Pool.Exec(ctx, `UPDATE outbox_events SET status = 'processed' WHERE id = $1 AND status = 'processing'`, id)
	return err
}

func (s *Store) ClaimNext(ctx context.Context) (id int64, attempts int, err error) {
	err = s.Pool.QueryRow(ctx, `UPDATE outbox_events SET status = 'processing', claimed_at = now(), attempts = attempts + 1
		WHERE id = (SELECT id FROM outbox_events WHERE status = 'pending' ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, attempts`).Scan(&id, &attempts)
	return id, attempts, err
}
