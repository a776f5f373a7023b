// Compare-and-set moves on a table whose rows are created pending, beside
// an UPDATE by key to an ended state in the same function, that record no
// job's life: the outcome names another row, or comes first.
package notqueue_keyedother

import (
	"context"
	"database/sql"
)

func Place(ctx context.Context, db *sql.DB, total int) error {
	_, err := db.ExecContext(ctx, `INSERT INTO orders (total) VALUES ($1)`, total)
	return err
}

// Replace confirms a new order and cancels the one it replaces.
func Replace(ctx context.Context, db *sql.DB, id, old int64) error {
	if _, err := db.ExecContext(ctx, `UPDATE orders SET status = 'confirmed' WHERE id = $1 AND status = 'pending'`, id); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE orders SET status = 'cancelled' WHERE id = $1`, old)
	return err
}

// Reopen cancels an order's hold, then puts it on hold again: the ended
// state comes before the move.
func Reopen(ctx context.Context, db *sql.DB, id int64) error {
	if _, err := db.ExecContext(ctx, `UPDATE orders SET status = 'aborted' WHERE id = $1`, id); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE orders SET status = 'held' WHERE id = $1 AND status = 'pending'`, id)
	return err
}

// Hold puts an order on hold, then marks it reviewed: reviewed says
// nothing ended.
func Hold(ctx context.Context, db *sql.DB, id int64) error {
	if _, err := db.ExecContext(ctx, `UPDATE orders SET status = 'held' WHERE id = $1 AND status = 'pending'`, id); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE orders SET status = 'reviewed' WHERE id = $1`, id)
	return err
}
