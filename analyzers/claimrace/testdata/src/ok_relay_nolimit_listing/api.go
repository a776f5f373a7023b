// A handler that shows a few pending orders, in no order, and one that
// ships an order by key: no work is given the rows before a mark.
package ok_relay_nolimit_listing

import (
	"context"
	"database/sql"
)

func Pending(ctx context.Context, db *sql.DB) (*sql.Rows, error) {
	return db.QueryContext(ctx, `SELECT id, customer FROM orders WHERE status = 'pending' LIMIT 10`)
}

func Ship(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `UPDATE orders SET status = 'shipped' WHERE id = $1`, id)
	return err
}

func Place(ctx context.Context, db *sql.DB, customer string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO orders (customer, status) VALUES ($1, 'pending')`, customer)
	return err
}

// ApproveSome approves up to twenty pending comments, any of them: a
// moderator's bulk action, no job taken.
func ApproveSome(ctx context.Context, db *sql.DB) error {
	rows, err := db.QueryContext(ctx, `SELECT id FROM comments WHERE status = 'pending' LIMIT 20`)
	if err != nil {
		return err
	}
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return err
		}
		ids = append(ids, id)
	}
	rows.Close()
	for _, id := range ids {
		if _, err := db.ExecContext(ctx, `UPDATE comments SET status = 'approved' WHERE id = $1`, id); err != nil {
			return err
		}
	}
	return nil
}

func Comment(ctx context.Context, db *sql.DB, text string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO comments (text, status) VALUES ($1, 'pending')`, text)
	return err
}
