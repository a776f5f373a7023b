// The claim, the work and the completion share one transaction. The
// returns before the Commit all follow what the completion gave back:
// its error checked after a log line, or together with another test; the
// error of its result's row count; a count other than one (it wrote
// nothing). PostgreSQL has aborted the transaction after a failed
// statement, and a completion that wrote nothing loses nothing when it
// rolls back.
package ok_txoutcome

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log"
)

var errLost = errors.New("job no longer held")

func handle(ctx context.Context, id int64) error { return nil }

func one(ctx context.Context, db *sql.DB) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var id int64
	if err := tx.QueryRowContext(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id); err != nil {
		return err
	}
	if err := handle(ctx, id); err != nil {
		return err
	}
	res, err := tx.ExecContext(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	log.Printf("job %d completed: %v", id, err)
	if err != nil && !errors.Is(err, context.Canceled) {
		return fmt.Errorf("complete %d: %w", id, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n != 1 {
		return errLost
	}
	return tx.Commit()
}

func zero(ctx context.Context, db *sql.DB) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var id int64
	if err := tx.QueryRowContext(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id); err != nil {
		return err
	}
	if err := handle(ctx, id); err != nil {
		return err
	}
	res, err := tx.ExecContext(ctx, `DELETE FROM jobs WHERE id = $1`, id)
	if err == nil {
		n, _ := res.RowsAffected()
		if n == 0 {
			return errLost
		}
		return tx.Commit()
	}
	return err
}
