// The bool comes from a field of the job that something else set: where
// it was decided is out of sight, and nothing is said.
package ok_caseboolfield

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Outcome struct {
	JobID int64
	Final bool
	Err   string
}

type Store struct{ pool *pgxpool.Pool }

func (s *Store) Claim(ctx context.Context) (int64, error) {
	var id int64
	err := s.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running' WHERE id = (SELECT id FROM jobs WHERE status = 'pending' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func (s *Store) Done(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

func (s *Store) record(ctx context.Context, o *Outcome) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = CASE WHEN $2 THEN 'failed' ELSE 'pending' END, last_error = $3 WHERE id = $1`, o.JobID, o.Final, o.Err)
	return err
}

func (s *Store) Drain(ctx context.Context, outcomes <-chan *Outcome) {
	for o := range outcomes {
		_ = s.record(ctx, o)
	}
}
