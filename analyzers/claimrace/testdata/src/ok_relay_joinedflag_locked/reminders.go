// The same reminders, each sweep in a transaction: the join locks the due
// saved messages it returns (FOR UPDATE OF s SKIP LOCKED), and the flag is
// set before the commit releases them. A second replica skips the rows.
package ok_relay_joinedflag_locked

import (
	"context"
	"database/sql"
	"log"
)

type Notifier interface {
	DM(ctx context.Context, userID int64, text string) error
}

type Reminders struct {
	db *sql.DB
	n  Notifier
}

type due struct {
	userID, messageID int64
	content           string
}

func (r *Reminders) Sweep(ctx context.Context) error {
	tx, err := r.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, `SELECT s.user_id, s.message_id, c.content
		FROM saved_messages s JOIN chat_messages c ON c.id = s.message_id
		WHERE NOT s.reminded AND s.remind_at <= now()
		LIMIT 100 FOR UPDATE OF s SKIP LOCKED`)
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
		if _, err := tx.ExecContext(ctx, `UPDATE saved_messages SET reminded = true WHERE user_id = $1 AND message_id = $2`,
			d.userID, d.messageID); err != nil {
			return err
		}
	}
	return tx.Commit()
}
