// A notification store whose poll locks the batch, copies each row to a
// log under the lock and commits before returning it: the copies are the
// work, done while the lock holds.
package ok_lockcommitarchive

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Notification struct {
	ID    int64
	Email string
	Body  string
}

type Store struct{ pool *pgxpool.Pool }

func (s *Store) Add(ctx context.Context, email, body string) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO notifications (email, body, status, created_at) VALUES ($1, $2, 'queued', now())`, email, body)
	return err
}

func (s *Store) Due(ctx context.Context, n int) ([]Notification, error) {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback(ctx)
	rows, err := tx.Query(ctx, `SELECT id, email, body FROM notifications WHERE status = 'queued' ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED`, n)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Notification
	for rows.Next() {
		var x Notification
		if err := rows.Scan(&x.ID, &x.Email, &x.Body); err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	rows.Close()
	for _, x := range out {
		if err := logDelivery(ctx, tx, x); err != nil {
			return nil, err
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return nil, err
	}
	return out, nil
}

func logDelivery(ctx context.Context, tx pgx.Tx, x Notification) error {
	_, err := tx.Exec(ctx, `INSERT INTO delivery_log (notification_id, email) VALUES ($1, $2)`, x.ID, x.Email)
	return err
}

func (s *Store) MarkSent(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE notifications SET status = 'sent', sent_at = now() WHERE id = $1`, id)
	return err
}
