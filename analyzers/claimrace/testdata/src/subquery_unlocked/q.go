// The relay's poll keeps the oldest pending message of each key in a
// subquery and takes the first of those, unlocked; it then marks the one
// it took by key, with no re-check: two relays publish the same message.
package subquery_unlocked

import (
	"context"
	"database/sql"
)

const nextSQL = `SELECT id, body FROM (
		SELECT DISTINCT ON (key) id, body, created_at FROM outbox
		WHERE status = 'pending' ORDER BY key, created_at) firsts
	ORDER BY created_at LIMIT 1`

func Next(ctx context.Context, db *sql.DB) (id int64, body []byte, err error) {
	err = db.QueryRowContext(ctx, nextSQL).Scan(&id, &body) // want `two workers can claim the same job`
	if err != nil {
		return 0, nil, err
	}
	_, err = db.ExecContext(ctx, `UPDATE outbox SET status = 'publishing' WHERE id = $1`, id)
	return id, body, err
}

func Published(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `UPDATE outbox SET status = 'published' WHERE id = $1`, id)
	return err
}
