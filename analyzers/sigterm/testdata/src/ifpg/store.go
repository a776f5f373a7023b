// Package ifpg implements ifqueue.Store on PostgreSQL, with the seed's
// claim: an unlocked SELECT, then an UPDATE that writes no lease.
package ifpg

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"ifqueue"
)

type Store struct{ Pool *pgxpool.Pool }

func (s *Store) Dequeue(ctx context.Context) (*ifqueue.Job, error) {
	var j ifqueue.Job
	if err := s.Pool.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1`).Scan(&j.ID); err != nil {
		return nil, err
	}
	_, err := s.Pool.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, j.ID)
	return &j, err
}

func (s *Store) Complete(ctx context.Context, id int64) error {
	_, err := s.Pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}
