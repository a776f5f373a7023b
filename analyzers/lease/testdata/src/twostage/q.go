// A dispatcher claims due notifications into 'queued' and publishes them
// to a broker; each consumer takes its row by compare-and-set into
// 'processing' and sends it. The stuck-dispatch sweep puts back rows left
// 'queued', but nothing takes back a row left 'processing' by a consumer
// killed mid-send: it is never sent.
package twostage

import (
	"context"
	"database/sql"
	"time"
)

type Store struct{ db *sql.DB }

func (s *Store) Dispatch(ctx context.Context, limit int) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `
		UPDATE notifications SET status = 'queued', updated_at = now()
		WHERE id IN (
			SELECT id FROM notifications WHERE status = 'pending'
			ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

func (s *Store) RequeueStuck(ctx context.Context, before time.Time) error {
	_, err := s.db.ExecContext(ctx, `UPDATE notifications SET status = 'pending', updated_at = now()
		WHERE status = 'queued' AND updated_at < $1`, before)
	return err
}

func (s *Store) TryMarkProcessing(ctx context.Context, id string) (bool, error) {
	// want +1 `this claim writes a lease \(updated_at\), but no statement in the module returns 'processing' jobs whose lease expired`
	res, err := s.db.ExecContext(ctx, `UPDATE notifications SET status = 'processing', updated_at = now()
		WHERE id = $1 AND status IN ('pending', 'queued')`, id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (s *Store) MarkSent(ctx context.Context, id string) error {
	_, err := s.db.ExecContext(ctx, `UPDATE notifications SET status = 'sent', updated_at = now() WHERE id = $1`, id)
	return err
}

func (s *Store) MarkFailed(ctx context.Context, id, reason string) error {
	_, err := s.db.ExecContext(ctx, `UPDATE notifications SET status = 'failed', error = $2, updated_at = now() WHERE id = $1`, id, reason)
	return err
}
