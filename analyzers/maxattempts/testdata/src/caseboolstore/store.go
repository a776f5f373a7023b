// A store whose Fail binds its caller's bool into the CASE that chooses
// between failing and retrying; nothing in this package calls it: its
// callers decide.
package caseboolstore

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Message struct {
	ID       int64
	Attempts int
	Body     []byte
}

type Store struct{ pool *pgxpool.Pool }

func (s *Store) Lease(ctx context.Context) (*Message, error) {
	var m Message
	err := s.pool.QueryRow(ctx, `UPDATE messages SET status = 'leased', attempts = attempts + 1
		WHERE id = (SELECT id FROM messages WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, attempts, body`).Scan(&m.ID, &m.Attempts, &m.Body)
	return &m, err
}

func (s *Store) Ack(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE messages SET status = 'acked' WHERE id = $1`, id)
	return err
}

func (s *Store) Nack(ctx context.Context, id int64, reason string, final bool) error { // want Nack:"retries\\(store.go:34\\)"
	_, err := s.pool.Exec(ctx, `UPDATE messages SET status = CASE WHEN $2 THEN 'dead' ELSE 'queued' END, reason = $3 WHERE id = $1`, id, final, reason)
	return err
}
