// The same store, whose table an exported method changes after the
// constructor set it (the relay moves to the archive table when asked):
// the field holds one of two tables, and the rule says nothing of
// outbox's index.
package accept_callertable_set

import (
	"context"
	"database/sql"
	"fmt"
)

type Store struct {
	db    *sql.DB
	table string
}

func (s *Store) Move(name string) { s.table = name }

func NewStore(db *sql.DB, table string) *Store {
	return &Store{db: db, table: table}
}

func (s *Store) Claim(ctx context.Context) (int64, error) {
	var id int64
	err := s.db.QueryRowContext(ctx, fmt.Sprintf(`UPDATE %s SET status = 'sending', locked_until = now() + interval '1 minute'
		WHERE id = (SELECT id FROM %s WHERE status = 'pending' ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, s.table, s.table)).Scan(&id)
	return id, err
}

func (s *Store) Sent(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, fmt.Sprintf(`UPDATE %s SET status = 'sent' WHERE id = $1`, s.table), id)
	return err
}

func (s *Store) Reclaim(ctx context.Context) error {
	_, err := s.db.ExecContext(ctx, fmt.Sprintf(`UPDATE %s SET status = 'pending' WHERE status = 'sending' AND locked_until < now()`, s.table))
	return err
}
