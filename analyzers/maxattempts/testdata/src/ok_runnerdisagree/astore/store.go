// Package astore keeps the outbox in PostgreSQL through database/sql; it
// always puts a released event back.
package astore

import (
	"context"
	"database/sql"
)

type Store struct{ DB *sql.DB }

func (s *Store) Release(ctx context.Context, id int64, giveUp bool) error { // want Release:"retries\\(store.go:13\\)"
	_, err := s.DB.ExecContext(ctx, `UPDATE outbox_events SET status = 'pending', claimed_at = NULL WHERE id = $1 AND status = 'processing'`, id)
	return err
}

func (s *Store) MarkProcessed(ctx context.Context, id int64) error {
	_, err := s.DB.ExecContext(ctx, `UPDATE outbox_events SET status = 'processed' WHERE id = $1 AND status = 'processing'`, id)
	return err
}

func (s *Store) ClaimNext(ctx context.Context) (id int64, attempts int, err error) {
	err = s.DB.QueryRowContext(ctx, `UPDATE outbox_events SET status = 'processing', claimed_at = now(), attempts = attempts + 1
		WHERE id = (SELECT id FROM outbox_events WHERE status = 'pending' ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, attempts`).Scan(&id, &attempts)
	return id, attempts, err
}
