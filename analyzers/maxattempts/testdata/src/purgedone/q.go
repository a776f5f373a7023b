// A relay that deletes its delivered rows in chunks: the purge's WITH query
// picks rows in the delivered state (ORDER BY, LIMIT, SKIP LOCKED), but the
// DELETE hands none back, so delivered is where jobs end, not where they
// wait, and the Ack is an outcome. The Nack puts every failure back.
// The states are integers (0 pending, 1 sending, 2 delivered): no name
// says which one ends a job.
package purgedone

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Store struct{ pool *pgxpool.Pool }

func (s *Store) Claim(ctx context.Context) (id int64, err error) {
	err = s.pool.QueryRow(ctx, `UPDATE messages SET status = 1
		WHERE id = (SELECT id FROM messages WHERE status = 0 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func (s *Store) Ack(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE messages SET status = 2, delivered_at = now() WHERE id = $1`, id)
	return err
}

func (s *Store) Nack(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE messages SET status = 0 WHERE id = $1`, id) // want `no limit`
	return err
}

const purgeSQL = `WITH doomed AS (
	SELECT id FROM messages
	 WHERE status = 2 AND delivered_at < now() - make_interval(secs => $1)
	 ORDER BY delivered_at
	 LIMIT $2
	   FOR UPDATE SKIP LOCKED
)
DELETE FROM messages m USING doomed WHERE m.id = doomed.id`

func (s *Store) Purge(ctx context.Context, age float64, chunk int) error {
	_, err := s.pool.Exec(ctx, purgeSQL, age, chunk)
	return err
}

// Relay sends one message.
func (s *Store) Relay(ctx context.Context, send func(int64) error) error {
	id, err := s.Claim(ctx)
	if err != nil {
		return err
	}
	if err := send(id); err != nil {
		return s.Nack(ctx, id)
	}
	return s.Ack(ctx, id)
}
