// A sweeper takes back, by key, the deliveries whose lease expired. The
// lease counts the attempt and returns it, and the dispatcher in another
// package ends the delivery past its policy's limit: a worker that dies
// spends an attempt at the next lease, so the reclaim is bounded.
package ok_reclaimbykey

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Store struct{ pool *pgxpool.Pool }

func (s *Store) Lease(ctx context.Context, now time.Time) (int64, int, error) {
	var id int64
	var attempt int
	err := s.pool.QueryRow(ctx, `UPDATE deliveries SET state = 'leased', attempt = attempt + 1, lease_until = $1
		WHERE id = (SELECT id FROM deliveries WHERE state = 'queued' AND next_run_at <= $2 ORDER BY next_run_at LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, attempt`, now.Add(time.Minute), now).Scan(&id, &attempt)
	return id, attempt, err
}

func (s *Store) Ack(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE deliveries SET state = 'delivered' WHERE id = $1 AND state = 'leased'`, id)
	return err
}

// Nack ends the delivery when dead, else puts it back for at.
func (s *Store) Nack(ctx context.Context, id int64, dead bool, at time.Time, reason string) error { // want Nack:"retries\\(q.go:31\\)"
	_, err := s.pool.Exec(ctx, `UPDATE deliveries SET state = CASE WHEN $2 THEN 'dead' ELSE 'queued' END, next_run_at = $3, last_error = $4 WHERE id = $1 AND state = 'leased'`, id, dead, at, reason)
	return err
}

// sweep returns the deliveries whose lease expired.
func (s *Store) sweep(ctx context.Context, now time.Time) (int64, error) {
	tag, err := s.pool.Exec(ctx, `UPDATE deliveries SET state = 'queued', lease_until = NULL WHERE state = 'leased' AND lease_until < $1`, now)
	return tag.RowsAffected(), err
}

func (s *Store) reclaimOne(ctx context.Context, id int64, now time.Time) error {
	_, err := s.pool.Exec(ctx, `UPDATE deliveries SET state = 'queued', lease_until = NULL WHERE id = $1 AND state = 'leased' AND lease_until < $2`, id, now)
	return err
}

func (s *Store) Sweeper(ctx context.Context) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			_, _ = s.sweep(ctx, now)
			_ = s.reclaimOne(ctx, 1, now)
		}
	}
}
