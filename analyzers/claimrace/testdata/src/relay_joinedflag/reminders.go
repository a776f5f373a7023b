// Saved-message reminders: a ticker reads the due saved messages that are
// not reminded yet, with their content from the table they join, DMs each
// user, then flags the row by its two-column key. Two replicas read the
// same due rows and both send the reminder.
package relay_joinedflag

import (
	"context"
	"database/sql"
	"log"
	"time"
)

type Notifier interface {
	DM(ctx context.Context, userID int64, text string) error
}

type Reminders struct {
	db *sql.DB
	n  Notifier
}

func (r *Reminders) Run(ctx context.Context) {
	tick := time.NewTicker(30 * time.Second)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			if err := r.sweep(ctx); err != nil {
				log.Printf("reminders: %v", err)
			}
		}
	}
}

type due struct {
	userID, messageID int64
	content           string
}

const dueReminders = `SELECT s.user_id, s.message_id, c.content
	FROM saved_messages s JOIN chat_messages c ON c.id = s.message_id
	WHERE s.reminded = false AND s.remind_at <= now()
	LIMIT 100`

func (r *Reminders) sweep(ctx context.Context) error {
	rows, err := r.db.QueryContext(ctx, dueReminders) // want `two relays read the same unmarked rows`
	if err != nil {
		return err
	}
	var batch []due
	for rows.Next() {
		var d due
		if err := rows.Scan(&d.userID, &d.messageID, &d.content); err != nil {
			rows.Close()
			return err
		}
		batch = append(batch, d)
	}
	rows.Close()
	for _, d := range batch {
		if err := r.n.DM(ctx, d.userID, d.content); err != nil {
			log.Printf("reminder for %d/%d: %v", d.userID, d.messageID, err)
			continue
		}
		if _, err := r.db.ExecContext(ctx, `UPDATE saved_messages SET reminded = true WHERE user_id = $1 AND message_id = $2`,
			d.userID, d.messageID); err != nil {
			return err
		}
	}
	return nil
}
