// A mail queue on database/sql with a boolean marker: a store whose
// Unsent and MarkSent a sender in another package calls in turn.
package relay_bool

import (
	"context"
	"database/sql"
)

type Mail struct {
	ID        int64
	Recipient string
	Body      string
}

type Store struct{ db *sql.DB }

func NewStore(db *sql.DB) *Store { return &Store{db: db} }

func (s *Store) Enqueue(ctx context.Context, to, body string) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO mail_queue (recipient, body, sent) VALUES ($1, $2, false)`, to, body)
	return err
}

func (s *Store) Unsent(ctx context.Context, n int) ([]Mail, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, recipient, body FROM mail_queue WHERE sent = false ORDER BY id LIMIT $1`, n) // want `two relays read the same unmarked rows`
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Mail
	for rows.Next() {
		var m Mail
		if err := rows.Scan(&m.ID, &m.Recipient, &m.Body); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

func (s *Store) MarkSent(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, `UPDATE mail_queue SET sent = true, sent_at = now() WHERE id = $1`, id)
	return err
}
