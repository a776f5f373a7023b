// Upload sessions expired by a janitor that returns what it expired: it
// locks open sessions past their deadline with their whole rows (the
// caller frees their storage), marks them expired in a helper that runs
// on the janitor's transaction, and hands the rows back. Nothing is handed
// to work as a job, and a user's chunk upload setting a session back to
// 'uploading' is no retry.
package notqueue_expiryrows

import (
	"context"
	"database/sql"
	"time"

	"github.com/lib/pq"
)

const schema = `
CREATE TABLE upload_sessions (
	id uuid PRIMARY KEY,
	user_id uuid NOT NULL,
	status text NOT NULL DEFAULT 'pending',
	storage_path text NOT NULL DEFAULT '',
	received bigint NOT NULL DEFAULT 0,
	expires_at timestamptz NOT NULL
)`

func Migrate(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, schema)
	return err
}

type Session struct {
	ID, UserID, Status, StoragePath string
	Received                        int64
	ExpiresAt                       time.Time
}

type Repo struct{ db *sql.DB }

func scanSession(rows *sql.Rows) (Session, error) {
	var s Session
	err := rows.Scan(&s.ID, &s.UserID, &s.Status, &s.StoragePath, &s.Received, &s.ExpiresAt)
	return s, err
}

// Expire is the janitor.
func (r *Repo) Expire(ctx context.Context, before time.Time, limit int) ([]Session, error) {
	tx, err := r.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, `SELECT id::text, user_id::text, status, storage_path, received, expires_at
FROM upload_sessions WHERE status IN ('pending', 'uploading') AND expires_at < $1
ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED`, before, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var expired []Session
	for rows.Next() {
		s, err := scanSession(rows)
		if err != nil {
			return nil, err
		}
		expired = append(expired, s)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if err := markExpired(ctx, tx, expired); err != nil {
		return nil, err
	}
	return expired, tx.Commit()
}

func markExpired(ctx context.Context, tx *sql.Tx, sessions []Session) error {
	if len(sessions) == 0 {
		return nil
	}
	ids := make([]string, 0, len(sessions))
	for _, s := range sessions {
		ids = append(ids, s.ID)
	}
	_, err := tx.ExecContext(ctx, `UPDATE upload_sessions SET status = 'expired'
WHERE id = ANY($1::uuid[]) AND status IN ('pending', 'uploading')`, pq.Array(ids))
	return err
}

// StoreChunk is a user's upload, by key.
func (r *Repo) StoreChunk(ctx context.Context, user, id string, size int64) error {
	_, err := r.db.ExecContext(ctx, `UPDATE upload_sessions SET status = 'uploading', received = received + $3
WHERE user_id = $1 AND id = $2`, user, id, size)
	return err
}
