// The store claims jobs; the janitor, a package of its own that neither
// imports the store nor is imported by it, takes back the ones whose lease
// expired. Nothing compares the jobs' count with a limit: a job that kills
// its worker comes back for ever.
package store

import (
	"context"
	"database/sql"
)

type Store struct{ DB *sql.DB }

const claimJob = `UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = now() + interval '5 minutes'
	WHERE id = (SELECT id FROM jobs WHERE status = 'queued' AND run_at <= now() ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
	RETURNING id, payload`

func (s *Store) ClaimJob(ctx context.Context) (id int64, payload []byte, err error) {
	err = s.DB.QueryRowContext(ctx, claimJob).Scan(&id, &payload) // want `the reclaim in janitor/janitor.go returns this claim's jobs whose lease expired to the queue, and attempts are counted, but nothing compares the count with a limit`
	return id, payload, err
}

func (s *Store) FinishJob(ctx context.Context, id int64) error {
	_, err := s.DB.ExecContext(ctx, `UPDATE jobs SET status = 'done', locked_until = NULL WHERE id = $1 AND status = 'running'`, id)
	return err
}
