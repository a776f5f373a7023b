// Listings whose rows an API marks by key, split over a store's methods:
// unread notifications marked read, posts not deleted soft-deleted. The
// marker says nothing was handed on: no relay.
package ok_relay_marknames

import (
	"context"
	"database/sql"
)

type Store struct{ db *sql.DB }

func (s *Store) Notify(ctx context.Context, user int64, text string) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO notifications (user_id, text, read) VALUES ($1, $2, false)`, user, text)
	return err
}

func (s *Store) Unread(ctx context.Context, user int64) (*sql.Rows, error) {
	return s.db.QueryContext(ctx, `SELECT id, text FROM notifications WHERE user_id = $1 AND read = false ORDER BY created_at DESC LIMIT 20`, user)
}

func (s *Store) MarkRead(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, `UPDATE notifications SET read = true WHERE id = $1`, id)
	return err
}

func (s *Store) Post(ctx context.Context, title string) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO posts (title) VALUES ($1)`, title)
	return err
}

func (s *Store) Recent(ctx context.Context) (*sql.Rows, error) {
	return s.db.QueryContext(ctx, `SELECT id, title FROM posts WHERE deleted_at IS NULL ORDER BY created_at DESC LIMIT 20`)
}

func (s *Store) Delete(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, `UPDATE posts SET deleted_at = now() WHERE id = $1`, id)
	return err
}
