package store // want package:"queues\\(public.jobs\\)"

// The store's two reclaims, neither of which any Go code of the module
// calls: one runs a SQL function of the schema, which the database may
// also run on its own (pg_cron), one runs its UPDATE itself.

import (
	"context"
	"database/sql"
)

type Store struct{ DB *sql.DB }

func (s *Store) Claim(ctx context.Context) (id int64, err error) { // want Claim:"claims jobs"
	err = s.DB.QueryRowContext(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func (s *Store) RequeueInDatabase(ctx context.Context) error {
	_, err := s.DB.ExecContext(ctx, `SELECT requeue_expired()`)
	return err
}

func (s *Store) Requeue(ctx context.Context) error {
	_, err := s.DB.ExecContext(ctx, `UPDATE jobs SET status = 'queued', locked_until = NULL WHERE status = 'running' AND locked_until < now()`)
	return err
}
