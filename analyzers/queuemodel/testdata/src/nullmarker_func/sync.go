package nullmarker_func // want package:"queues\\(public.sync_requests\\)"

// A queue claimed by a PL/pgSQL function of the schema: the poll locks
// its candidates in a WITH query and the UPDATE's FROM takes the first
// ten; synced_at ends a request, a sweeper frees stale locks.

import (
	"context"
	"database/sql"
)

type Syncs struct{ db *sql.DB }

func (s *Syncs) Request(ctx context.Context, account int64) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO sync_requests (account_id) VALUES ($1)`, account)
	return err
}

func (s *Syncs) Take(ctx context.Context) (*sql.Rows, error) { // want Take:"claims jobs"
	return s.db.QueryContext(ctx, `SELECT id, account_id FROM take_sync_requests()`)
}

func (s *Syncs) Synced(ctx context.Context, id int64) error { // want Synced:"completes jobs"
	_, err := s.db.ExecContext(ctx, `UPDATE sync_requests SET synced_at = now() WHERE id = $1 AND synced_at IS NULL`, id)
	return err
}

func (s *Syncs) Sweep(ctx context.Context) error {
	_, err := s.db.ExecContext(ctx, `UPDATE sync_requests SET locked_at = NULL
		WHERE synced_at IS NULL AND locked_at < now() - interval '15 minutes'`)
	return err
}
