// A notification spool on database/sql whose rows may have no due time
// (send at once) or a time set by a failed attempt's backoff. The sender
// is a store of the same package: it reads the due rows unlocked, sends
// each, and deletes it or pushes it back.
package spool_nulldue

import (
	"context"
	"database/sql"
	"time"
)

type Notification struct {
	ID       int64
	Address  string
	Text     string
	Attempts int
}

type Store struct{ db *sql.DB }

const pendingSQL = `SELECT id, address, text, attempts FROM notifications
	WHERE (send_after IS NULL OR send_after <= now())
	ORDER BY created_at LIMIT $1`

func (s *Store) Pending(ctx context.Context, limit int) ([]Notification, error) {
	rows, err := s.db.QueryContext(ctx, pendingSQL, limit) // want `two schedulers run the same due job: each hands it to its work before either takes it`
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Notification
	for rows.Next() {
		var n Notification
		if err := rows.Scan(&n.ID, &n.Address, &n.Text, &n.Attempts); err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, rows.Err()
}

func (s *Store) Postpone(ctx context.Context, id int64, at time.Time) error {
	_, err := s.db.ExecContext(ctx, `UPDATE notifications SET attempts = attempts + 1, send_after = $2 WHERE id = $1`, id, at)
	return err
}

func (s *Store) Remove(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, `DELETE FROM notifications WHERE id = $1`, id)
	return err
}

type Sender struct {
	store *Store
	send  func(ctx context.Context, address, text string) error
}

func (w *Sender) Run(ctx context.Context) error {
	batch, err := w.store.Pending(ctx, 10)
	if err != nil {
		return err
	}
	for _, n := range batch {
		if err := w.send(ctx, n.Address, n.Text); err != nil {
			if err := w.store.Postpone(ctx, n.ID, time.Now().Add(time.Duration(n.Attempts+1)*time.Minute)); err != nil {
				return err
			}
			continue
		}
		if err := w.store.Remove(ctx, n.ID); err != nil {
			return err
		}
	}
	return nil
}
