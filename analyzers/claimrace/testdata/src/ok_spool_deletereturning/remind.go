// A reminder sender that takes its due reminders with DELETE ...
// RETURNING: each row is removed as it is taken, before it is sent.
package ok_spool_deletereturning

import (
	"context"
	"database/sql"
)

type Sender interface {
	Send(ctx context.Context, user int64, text string) error
}

func SendDue(ctx context.Context, db *sql.DB, s Sender) error {
	rows, err := db.QueryContext(ctx, `DELETE FROM reminders WHERE id IN (
		SELECT id FROM reminders WHERE remind_at <= now() ORDER BY remind_at LIMIT 100 FOR UPDATE SKIP LOCKED
	) RETURNING user_id, text`)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var user int64
		var text string
		if err := rows.Scan(&user, &text); err != nil {
			return err
		}
		if err := s.Send(ctx, user, text); err != nil {
			return err
		}
	}
	return rows.Err()
}

func Remind(ctx context.Context, db *sql.DB, user int64, text string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO reminders (user_id, text, remind_at) VALUES ($1, $2, now() + interval '1 hour')`, user, text)
	return err
}
