// A claim that picks the next ready jobs through a join with the table
// that says which are ready, and returns each with its definition's kind;
// nothing takes back a job whose worker died.
package joinedclaim

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Job struct {
	ID   int64
	Kind string
}

type Store struct{ pool *pgxpool.Pool }

func (s *Store) Next(ctx context.Context, n int, lease time.Duration) ([]Job, error) {
	// want +1 `this claim writes a lease \(lease_until\), but no statement in the module returns jobs whose lease expired`
	rows, err := s.pool.Query(ctx, `
		WITH ready AS (
			SELECT j.id FROM jobs j
			JOIN job_frontier f ON f.job_id = j.id
			WHERE j.status = 'queued' AND f.ready AND j.due_at <= now()
			ORDER BY j.due_at LIMIT $1
			FOR UPDATE OF j SKIP LOCKED
		)
		UPDATE jobs AS j SET status = 'running', lease_until = now() + $2::interval
		FROM ready r JOIN job_kinds k ON k.id = j.kind_id
		WHERE j.id = r.id
		RETURNING j.id, k.name`, n, lease.String())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Job
	for rows.Next() {
		var j Job
		if err := rows.Scan(&j.ID, &j.Kind); err != nil {
			return nil, err
		}
		out = append(out, j)
	}
	return out, rows.Err()
}

func (s *Store) Done(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'succeeded', lease_until = NULL WHERE id = $1`, id)
	return err
}

func (s *Store) Failed(ctx context.Context, id int64, msg string) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'failed', last_error = $2, lease_until = NULL WHERE id = $1`, id, msg)
	return err
}
