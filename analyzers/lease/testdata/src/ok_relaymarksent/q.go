// A relay reads its unsent messages, sends them, then marks each sent
// with a compare-and-set (the row must still be unsent): 'sent' is the
// end of a message's life, nothing is left in progress.
package ok_relaymarksent

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Store struct{ pool *pgxpool.Pool }

func (s *Store) Unsent(ctx context.Context, n int) ([]int64, error) {
	rows, err := s.pool.Query(ctx, `SELECT id FROM messages WHERE status = 'unsent' ORDER BY created_at LIMIT $1`, n)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

func (s *Store) MarkSent(ctx context.Context, id int64) error {
	tag, err := s.pool.Exec(ctx, `UPDATE messages SET status = 'sent', sent_at = now() WHERE id = $1 AND status = 'unsent'`, id)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return errors.New("already sent")
	}
	return nil
}
