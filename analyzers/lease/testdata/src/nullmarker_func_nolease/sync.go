// A claim in a PL/pgSQL function stamps locked_at, synced_at ends the
// request, and nothing clears a stamp left by a worker that died: its
// requests are never synced.
package nullmarker_func_nolease

import (
	"context"
	"database/sql"
)

type Syncs struct{ db *sql.DB }

func (s *Syncs) Request(ctx context.Context, account int64) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO sync_requests (account_id) VALUES ($1)`, account)
	return err
}

func (s *Syncs) Take(ctx context.Context) (*sql.Rows, error) {
	return s.db.QueryContext(ctx, `SELECT id, account_id FROM take_sync_requests()`)
}

func (s *Syncs) Synced(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, `UPDATE sync_requests SET synced_at = now() WHERE id = $1 AND synced_at IS NULL`, id)
	return err
}
