package relay_store // want package:"queues\\(public.events_outbox\\)"

// An outbox store: the relay that calls Unpublished, publishes, then
// MarkPublished, lives in another package.

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Event struct {
	ID      int64
	Payload []byte
}

type Store struct{ pool *pgxpool.Pool }

func (s *Store) Add(ctx context.Context, payload []byte) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO events_outbox (payload) VALUES ($1)`, payload)
	return err
}

func (s *Store) Unpublished(ctx context.Context, n int) ([]Event, error) { // want Unpublished:"claims jobs"
	rows, err := s.pool.Query(ctx, `SELECT id, payload FROM events_outbox WHERE published_at IS NULL ORDER BY id LIMIT $1`, n)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Event
	for rows.Next() {
		var e Event
		if err := rows.Scan(&e.ID, &e.Payload); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

func (s *Store) MarkPublished(ctx context.Context, ids []int64) error { // want MarkPublished:"completes jobs, writes outcomes"
	_, err := s.pool.Exec(ctx, `UPDATE events_outbox SET published_at = now() WHERE id = ANY($1)`, ids)
	return err
}
