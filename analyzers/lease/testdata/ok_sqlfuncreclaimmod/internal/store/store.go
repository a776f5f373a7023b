// The store claims jobs with a lease; the jobs whose lease expired are put
// back by a SQL function that a method nothing in the module calls
// creates: the database runs it (pg_cron), so it counts.
package store

import (
	"context"
	"database/sql"
)

type Store struct{ DB *sql.DB }

func (s *Store) Claim(ctx context.Context) (id int64, payload []byte, err error) {
	err = s.DB.QueryRowContext(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, payload`).Scan(&id, &payload)
	return id, payload, err
}

func (s *Store) Finish(ctx context.Context, id int64) error {
	_, err := s.DB.ExecContext(ctx, `UPDATE jobs SET status = 'done', locked_until = NULL WHERE id = $1 AND status = 'running'`, id)
	return err
}

// InstallReaper creates the SQL function that pg_cron runs every minute to
// put back the jobs of workers that died. A deploy step runs it; no Go
// code of the module calls it, and the database runs the function
// whatever calls it from Go.
func (s *Store) InstallReaper(ctx context.Context) error {
	_, err := s.DB.ExecContext(ctx, `CREATE OR REPLACE FUNCTION requeue_expired() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	UPDATE jobs SET status = 'queued', locked_until = NULL WHERE status = 'running' AND locked_until < now();
END
$$`)
	return err
}
