// A requeue whose bound list of states names the state the claim writes:
// it takes back jobs a worker holds, with no attempt compared, and is a
// retry path like any other.
package requeueheld

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

const (
	StateQueued   = "queued"
	StateLeased   = "leased"
	StateDone     = "done"
	StateDead     = "dead"
	StateCanceled = "canceled"
)

type Store struct{ pool *pgxpool.Pool }

func (s *Store) Lease(ctx context.Context, worker string) (int64, int, error) {
	var id int64
	var attempt int
	err := s.pool.QueryRow(ctx, `UPDATE jobs SET state = 'leased', leased_by = $1, attempt = attempt + 1, lease_until = now() + interval '30 seconds'
		WHERE id = (SELECT id FROM jobs WHERE state = 'queued' AND run_at <= now() ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, attempt`, worker).Scan(&id, &attempt)
	return id, attempt, err
}

func (s *Store) Ack(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1 AND state = 'leased'`, id)
	return err
}

// Nack puts the job back, or ends it when its attempts ran out.
func (s *Store) Nack(ctx context.Context, id int64, max int, at time.Time) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET state = CASE WHEN attempt >= $2 THEN 'dead' ELSE 'queued' END, run_at = $3 WHERE id = $1 AND state = 'leased'`, id, max, at)
	return err
}

func (s *Store) ListEnded(ctx context.Context, limit int) ([]int64, error) {
	rows, err := s.pool.Query(ctx, `SELECT id FROM jobs WHERE state = ANY($1) ORDER BY id LIMIT $2`, []string{StateDead, StateCanceled}, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

// Redrive puts the jobs it is given back in the queue.
func (s *Store) Redrive(ctx context.Context, limit int) (int64, error) {
	ids, err := s.ListEnded(ctx, limit)
	if err != nil {
		return 0, err
	}
	return s.requeue(ctx, ids, []string{StateLeased, StateCanceled})
}

func (s *Store) requeue(ctx context.Context, ids []int64, from []string) (int64, error) {
	tag, err := s.pool.Exec(ctx, `UPDATE jobs SET state = 'queued', run_at = now() WHERE id = ANY($1) AND state = ANY($2)`, ids, from) // want `this retry puts the job back with no limit`
	return tag.RowsAffected(), err
}
