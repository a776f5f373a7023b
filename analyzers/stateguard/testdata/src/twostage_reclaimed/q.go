// A dispatcher claims due notifications into 'queued' and publishes them
// to a broker; each consumer takes its row by compare-and-set into
// 'processing' and sends it. The stuck-dispatch sweep puts back rows left
// 'queued', and the stuck-send sweep puts back rows a consumer killed
// mid-send left 'processing'. A consumer that was only slow then marks by
// key a row another consumer has taken since.
package twostage_reclaimed

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

func (s *Store) RequeueStuckSends(ctx context.Context) error {
	_, err := s.db.ExecContext(ctx, `UPDATE notifications SET status = 'pending', updated_at = now()
		WHERE status = 'processing' AND updated_at < now() - interval '10 minutes'`)
	return err
}

func (s *Store) TryMarkProcessing(ctx context.Context, id string) (bool, error) {
	res, err := s.db.ExecContext(ctx, `UPDATE notifications SET status = 'processing', updated_at = now()
		WHERE id = $1 AND status IN ('pending', 'queued')`, id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (s *Store) MarkSent(ctx context.Context, id string) error {
	_, err := s.db.ExecContext(ctx, `UPDATE notifications SET status = 'sent', updated_at = now() WHERE id = $1`, id) // want `this UPDATE sets status to 'sent' by key without re-checking the job's state or its holder`
	return err
}

func (s *Store) MarkFailed(ctx context.Context, id, reason string) error {
	_, err := s.db.ExecContext(ctx, `UPDATE notifications SET status = 'failed', error = $2, updated_at = now() WHERE id = $1`, id, reason) // want `this UPDATE sets status to 'failed' by key without re-checking the job's state or its holder`
	return err
}
