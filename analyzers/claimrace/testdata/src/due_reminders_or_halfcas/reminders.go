// Reminders with two deadlines, moved on by a compare-and-set on the hour
// deadline alone: when only the day-before deadline passed, the first
// take leaves the hour deadline as it was and the second take matches too.
package due_reminders_or_halfcas

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
		taken, err := advance(ctx, db, r)
		if err != nil || !taken {
			continue // another replica moved it first
		}
		if err := s.Send(ctx, r.ChatID, "you have a session soon"); err != nil {
			return err
		}
	}
	return nil
}

func advance(ctx context.Context, db *sql.DB, r reminder) (bool, error) {
	day, hour := r.DayFirst, r.HourFirst
	now := time.Now()
	if day.Before(now) {
		day = day.Add(7 * 24 * time.Hour)
	}
	if hour.Before(now) {
		hour = hour.Add(7 * 24 * time.Hour)
	}
	res, err := db.ExecContext(ctx, `UPDATE reminders SET remind_day_before = $1, remind_hour_before = $2
		WHERE id = $3 AND remind_hour_before = $4`, day, hour, r.ID, r.HourFirst)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
