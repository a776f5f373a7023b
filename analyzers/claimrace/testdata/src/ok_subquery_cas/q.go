// The same poll, but the relay takes the message by a compare-and-set and
// checks that it matched: of two relays that read the same row, one gets
// it.
package ok_subquery_cas

import (
	"context"
	"database/sql"
)

const nextSQL = `SELECT id, body FROM (
		SELECT DISTINCT ON (key) id, body, created_at FROM outbox
		WHERE status = 'pending' ORDER BY key, created_at) firsts
	ORDER BY created_at LIMIT 1`

func Next(ctx context.Context, db *sql.DB) (id int64, body []byte, ok bool, err error) {
	err = db.QueryRowContext(ctx, nextSQL).Scan(&id, &body)
	if err != nil {
		return 0, nil, false, err
	}
	res, err := db.ExecContext(ctx, `UPDATE outbox SET status = 'publishing' WHERE id = $1 AND status = 'pending'`, id)
	if err != nil {
		return 0, nil, false, err
	}
	n, err := res.RowsAffected()
	return id, body, n == 1, err
}

func Published(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `UPDATE outbox SET status = 'published' WHERE id = $1`, id)
	return err
}
