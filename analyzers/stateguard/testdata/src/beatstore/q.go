// A store whose jobs come back when their worker's heartbeat, kept
// outside the database, is gone: ListRunning lists the running jobs,
// Requeue puts the job it is given back, and a sweeper in another package
// decides which. No SQL compares a time.
package beatstore

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Job struct {
	ID     int64
	Worker string
}

type Store struct{ pool *pgxpool.Pool }

func (s *Store) Claim(ctx context.Context, worker string) (id int64, err error) {
	err = s.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', worker_id = $1, attempts = attempts + 1
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, worker).Scan(&id)
	return id, err
}

func (s *Store) Complete(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1 AND status = 'running'`, id)
	return err
}

func (s *Store) ListRunning(ctx context.Context) ([]Job, error) {
	rows, err := s.pool.Query(ctx, `SELECT id, worker_id FROM jobs WHERE status = 'running'`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Job])
}

func (s *Store) Requeue(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'queued', worker_id = NULL WHERE id = $1`, id)
	return err
}

func (s *Store) RequeueIfRunning(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'queued', worker_id = NULL WHERE id = $1 AND status = 'running'`, id)
	return err
}
