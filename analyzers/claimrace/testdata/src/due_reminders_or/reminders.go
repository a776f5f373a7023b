// Appointment reminders with two deadlines (a day before, an hour
// before): a row is due once either has passed. Each tick reads the due
// rows, sends each reminder and moves its passed deadlines a week on, by
// id, with no compare of the old deadline and no look at the row count:
// two replicas of the bot that read the same row both send it.
package due_reminders_or

import (
	"context"
	"database/sql"
	"time"
)

type Sender interface {
	Send(ctx context.Context, chatID int64, text string) error
}

type reminder struct {
	ID        int64
	ChatID    int64
	DayFirst  time.Time
	HourFirst time.Time
}

func dueReminders(ctx context.Context, db *sql.DB) ([]reminder, error) {
	// want +1 `two schedulers take the same due job, and both run it`
	rows, err := db.QueryContext(ctx, `SELECT id, chat_id, remind_day_before, remind_hour_before
		FROM reminders WHERE remind_day_before <= now() OR remind_hour_before <= now()`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []reminder
	for rows.Next() {
		var r reminder
		if err := rows.Scan(&r.ID, &r.ChatID, &r.DayFirst, &r.HourFirst); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

func Tick(ctx context.Context, db *sql.DB, s Sender) error {
	due, err := dueReminders(ctx, db)
	if err != nil {
		return err
	}
	for _, r := range due {
		remind(ctx, db, s, r)
	}
	return nil
}

func remind(ctx context.Context, db *sql.DB, s Sender, r reminder) {
	if err := advance(ctx, db, r); err != nil {
		return
	}
	_ = s.Send(ctx, r.ChatID, "you have a session soon")
}

func advance(ctx context.Context, db *sql.DB, r reminder) error {
	now := time.Now()
	if r.DayFirst.Before(now) {
		r.DayFirst = r.DayFirst.Add(7 * 24 * time.Hour)
	}
	if r.HourFirst.Before(now) {
		r.HourFirst = r.HourFirst.Add(7 * 24 * time.Hour)
	}
	_, err := db.ExecContext(ctx, `UPDATE reminders SET remind_day_before = $1, remind_hour_before = $2 WHERE id = $3`,
		r.DayFirst, r.HourFirst, r.ID)
	return err
}
