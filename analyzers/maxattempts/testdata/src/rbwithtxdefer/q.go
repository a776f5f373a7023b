// The package's transaction helper returns its function's error through a
// named result that its deferred code rolls back on (and commits when it
// is nil). The handler's error, returned from the function it runs,
// undoes the claim with nothing recorded.
package rbwithtxdefer

import (
	"context"
	"database/sql"
	"fmt"
)

func runInTx(ctx context.Context, db *sql.DB, fn func(ctx context.Context, tx *sql.Tx) error) (err error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer func() {
		if err != nil {
			_ = tx.Rollback()
			return
		}
		err = tx.Commit()
	}()
	return fn(ctx, tx)
}

type Handler func(ctx context.Context, body []byte) error

func Poll(ctx context.Context, db *sql.DB, h Handler) error {
	return runInTx(ctx, db, func(ctx context.Context, tx *sql.Tx) error {
		var id int64
		var body []byte
		if err := tx.QueryRowContext(ctx, `SELECT id, body FROM inbox WHERE handled_at IS NULL ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id, &body); err != nil {
			return err
		}
		if err := h(ctx, body); err != nil {
			return err // want `this rollback of the claim's transaction puts the job back with no attempt recorded and no limit`
		}
		_, err := tx.ExecContext(ctx, `UPDATE inbox SET handled_at = now() WHERE id = $1`, id)
		return err
	})
}
