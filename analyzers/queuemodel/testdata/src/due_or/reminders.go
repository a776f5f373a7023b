// A row with two deadlines is due once either has passed.
package due_or

import (
	"context"
	"database/sql"
	"time"
)

type Notifier interface {
	Notify(ctx context.Context, userID int64) error
}

func Tick(ctx context.Context, db *sql.DB, n Notifier) error { // want Tick:"claims jobs in a loop, calls due_or.Notifier.Notify in a loop"
	rows, err := db.QueryContext(ctx, `SELECT id, user_id FROM reminders WHERE first_at <= now() OR second_at <= now()`)
	if err != nil {
		return err
	}
	type due struct{ id, user int64 }
	var all []due
	for rows.Next() {
		var d due
		if err := rows.Scan(&d.id, &d.user); err != nil {
			rows.Close()
			return err
		}
		all = append(all, d)
	}
	rows.Close()
	for _, d := range all {
		if err := n.Notify(ctx, d.user); err != nil {
			return err
		}
		next := time.Now().Add(7 * 24 * time.Hour)
		if _, err := db.ExecContext(ctx, `UPDATE reminders SET first_at = $2, second_at = $2 WHERE id = $1`, d.id, next); err != nil {
			return err
		}
	}
	return nil
}
