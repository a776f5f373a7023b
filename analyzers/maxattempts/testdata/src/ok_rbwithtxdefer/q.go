// The helper's deferred code commits whatever the function returns: a
// failure of the handler ends in a commit, not in a rollback of the claim
// (what a commit with nothing recorded does is not this shape).
package ok_rbwithtxdefer

import (
	"context"
	"database/sql"
)

func inTx(ctx context.Context, db *sql.DB, fn func(ctx context.Context, tx *sql.Tx) error) (err error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := tx.Commit(); cerr != nil && err == nil {
			err = cerr
		}
	}()
	return fn(ctx, tx)
}

type Handler func(ctx context.Context, body []byte) error

func Poll(ctx context.Context, db *sql.DB, h Handler) error {
	return inTx(ctx, db, func(ctx context.Context, tx *sql.Tx) error {
		var id int64
		var body []byte
		if err := tx.QueryRowContext(ctx, `SELECT id, body FROM inbox WHERE handled_at IS NULL ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id, &body); err != nil {
			return err
		}
		if err := h(ctx, body); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `UPDATE inbox SET handled_at = now() WHERE id = $1`, id)
		return err
	})
}
