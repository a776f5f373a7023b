// Package ifpgok implements ifqueue.Store soundly: one atomic claim that
// writes a lease, and a reclaimer.
package ifpgok

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"ifqueue"
)

type Store struct{ Pool *pgxpool.Pool }

func (s *Store) Dequeue(ctx context.Context) (*ifqueue.Job, error) {
	var j ifqueue.Job
	err := s.Pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&j.ID)
	return &j, err
}

func (s *Store) Complete(ctx context.Context, id int64) error {
	_, err := s.Pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

func (s *Store) Reclaim(ctx context.Context) error {
	_, err := s.Pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE status = 'running' AND locked_until < now()`)
	return err
}
