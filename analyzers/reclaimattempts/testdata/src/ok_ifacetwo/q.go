// Two PostgreSQL stores behind the sweeper's interface: the legacy one
// puts a stuck job back as it is, the new one spends an attempt and buries
// the job at the limit. Which one main wires in is out of sight, and they
// disagree, so the sweeper's calls stand for neither.
package ok_ifacetwo

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Job struct {
	ID     int64
	Worker string
}

type Legacy struct{ pool *pgxpool.Pool }

func (s *Legacy) Claim(ctx context.Context, worker string) (id int64, err error) {
	err = s.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', worker_id = $1
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, worker).Scan(&id)
	return id, err
}

func (s *Legacy) ListRunning(ctx context.Context) ([]Job, error) {
	rows, err := s.pool.Query(ctx, `SELECT id, worker_id FROM jobs WHERE status = 'running'`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Job])
}

func (s *Legacy) Requeue(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'queued', worker_id = NULL WHERE id = $1`, id)
	return err
}

type PG struct{ pool *pgxpool.Pool }

func (s *PG) Claim(ctx context.Context, worker string) (id int64, err error) {
	err = s.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', worker_id = $1
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, worker).Scan(&id)
	return id, err
}

func (s *PG) ListRunning(ctx context.Context) ([]Job, error) {
	rows, err := s.pool.Query(ctx, `SELECT id, worker_id FROM jobs WHERE status = 'running'`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Job])
}

func (s *PG) Requeue(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET attempts = attempts + 1,
		status = CASE WHEN attempts + 1 >= max_attempts THEN 'dead' ELSE 'queued' END, worker_id = NULL
		WHERE id = $1 AND status = 'running'`, id)
	return err
}
