// The same queue with a sweeper: a stamp older than any sync can run is
// cleared, and the request is taken again.
package ok_nullmarker_sweeper

import (
	"context"
	"database/sql"
	"time"
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

func (s *Syncs) Sweep(ctx context.Context) {
	for range time.Tick(time.Minute) {
		s.db.ExecContext(ctx, `UPDATE sync_requests SET locked_at = NULL
			WHERE synced_at IS NULL AND locked_at < now() - interval '15 minutes'`)
	}
}
