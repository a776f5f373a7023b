// A sent notification may be deleted, or kept with the state its caller
// gives SetStatus (sent, failed): the tool cannot tell which, so it does
// not say the table holds only waiting rows.
package keepsunknown

import (
	"context"
	"database/sql"
)

type Store struct{ db *sql.DB }

func (s *Store) Next(ctx context.Context) (id string, err error) {
	err = s.db.QueryRowContext(ctx, `UPDATE notify SET status = 1 WHERE id = (
		SELECT id FROM notify WHERE status = 0 AND scheduled_at <= now()
		ORDER BY scheduled_at LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func (s *Store) SetStatus(ctx context.Context, id string, status int) error {
	_, err := s.db.ExecContext(ctx, `UPDATE notify SET status = $2 WHERE id = $1`, id, status)
	return err
}

func (s *Store) Delete(ctx context.Context, id string) error {
	_, err := s.db.ExecContext(ctx, `DELETE FROM notify WHERE id = $1`, id)
	return err
}
