// A user created pending and activated by a compare-and-set on its key,
// later suspended: a row's life, not a job's. No state it reaches says
// that something ended.
package notqueue_activate

import (
	"context"
	"database/sql"
)

func SignUp(ctx context.Context, db *sql.DB, email string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO users (email, status) VALUES ($1, 'pending')`, email)
	return err
}

func Activate(ctx context.Context, db *sql.DB, id int64) (email string, err error) {
	err = db.QueryRowContext(ctx, `UPDATE users SET status = 'active', activated_at = now() WHERE id = $1 AND status = 'pending' RETURNING email`, id).Scan(&email)
	return email, err
}

func Suspend(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `UPDATE users SET status = 'suspended' WHERE id = $1`, id)
	return err
}

// Confirm moves a pending user by key without handing it over.
func Confirm(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `UPDATE users SET status = 'confirmed' WHERE id = $1 AND status = 'pending'`, id)
	return err
}

// Close ends an account.
func Close(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `UPDATE users SET status = 'closed' WHERE id = $1 AND status = 'active'`, id)
	return err
}

// An order is shipped by a compare-and-set on its key and may be
// cancelled: it ends, but nothing takes it to run it (nothing returned).
func Ship(ctx context.Context, db *sql.DB, id int64) (bool, error) {
	res, err := db.ExecContext(ctx, `UPDATE orders SET status = 'shipped', shipped_at = now() WHERE id = $1 AND status = 'pending'`, id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func CancelOrder(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `UPDATE orders SET status = 'cancelled' WHERE id = $1`, id)
	return err
}

// Pack takes a paid order by key and hands it over, but paid is not the
// state orders are created in.
func Pack(ctx context.Context, db *sql.DB, id int64) (items int, err error) {
	err = db.QueryRowContext(ctx, `UPDATE orders SET status = 'packed' WHERE id = $1 AND status = 'paid' RETURNING items`, id).Scan(&items)
	return items, err
}
