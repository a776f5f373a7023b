// Reminders deleted by id before they are sent, the row count read: the
// scheduler whose DELETE matched nothing leaves the reminder to the other.
package ok_due_delete_checked

import (
	"context"
	"database/sql"
	"time"
)

type Mailer interface {
	Send(ctx context.Context, to, body string) error
}

func SendDue(ctx context.Context, db *sql.DB, m Mailer) error {
	rows, err := db.QueryContext(ctx, `SELECT id, recipient, body FROM reminders WHERE remind_at < $1`, time.Now())
	if err != nil {
		return err
	}
	type reminder struct {
		id       int64
		to, body string
	}
	var due []reminder
	for rows.Next() {
		var r reminder
		if err := rows.Scan(&r.id, &r.to, &r.body); err != nil {
			rows.Close()
			return err
		}
		due = append(due, r)
	}
	rows.Close()
	for _, r := range due {
		res, err := db.ExecContext(ctx, `DELETE FROM reminders WHERE id = $1`, r.id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			continue
		}
		if err := m.Send(ctx, r.to, r.body); err != nil {
			return err
		}
	}
	return nil
}
