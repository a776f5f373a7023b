// Upload sessions expired by a janitor: it locks open sessions past their
// deadline (SKIP LOCKED, so that two janitors share the work) and marks
// them expired, a state nothing leaves. No job is handed to anyone, and a
// user's chunk upload setting a session back to 'uploading' is no retry.
package notqueue_sweep

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

const schema = `
CREATE TABLE upload_sessions (
	id bigserial PRIMARY KEY,
	user_id bigint NOT NULL,
	status text NOT NULL DEFAULT 'pending',
	received bigint NOT NULL DEFAULT 0,
	expires_at timestamptz NOT NULL
)`

func Migrate(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, schema)
	return err
}

// ExpireAll is the janitor in one statement.
func ExpireAll(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE upload_sessions SET status = 'expired' WHERE id IN (
		SELECT id FROM upload_sessions WHERE status IN ('pending', 'uploading') AND expires_at < now()
		ORDER BY expires_at LIMIT 500 FOR UPDATE SKIP LOCKED)`)
	return err
}

// Expire is the janitor in two steps: the keys, then one UPDATE each.
func Expire(ctx context.Context, pool *pgxpool.Pool) ([]int64, error) {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback(ctx)
	rows, err := tx.Query(ctx, `SELECT id FROM upload_sessions WHERE status IN ('pending', 'uploading')
		AND expires_at < now() ORDER BY expires_at LIMIT 500 FOR UPDATE SKIP LOCKED`)
	if err != nil {
		return nil, err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, err
	}
	for _, id := range ids {
		if _, err := tx.Exec(ctx, `UPDATE upload_sessions SET status = 'expired' WHERE id = $1`, id); err != nil {
			return nil, err
		}
	}
	return ids, tx.Commit(ctx)
}

// StoreChunk is a user's upload, by key.
func StoreChunk(ctx context.Context, pool *pgxpool.Pool, user, id, size int64) error {
	_, err := pool.Exec(ctx, `UPDATE upload_sessions SET status = 'uploading', received = received + $3
		WHERE user_id = $1 AND id = $2`, user, id, size)
	return err
}
