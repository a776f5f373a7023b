// A relay that counts a failed decode and whose poll stops reading a row
// after five of them.
package ok_relayattempts

import (
	"context"
	"database/sql"
	"encoding/json"
	"log"
)

type Mail struct {
	To string `json:"to"`
}

type Mailer interface {
	Send(ctx context.Context, m Mail) error
}

func Queue(ctx context.Context, db *sql.DB, body []byte) error {
	_, err := db.ExecContext(ctx, `INSERT INTO mail_outbox (body, attempts) VALUES ($1, 0)`, body)
	return err
}

func countFailure(ctx context.Context, db *sql.DB, id int64, cause error) {
	if _, err := db.ExecContext(ctx, `UPDATE mail_outbox SET attempts = attempts + 1, last_error = $2 WHERE id = $1`, id, cause.Error()); err != nil {
		log.Printf("mail %d: %v", id, err)
	}
}

func Flush(ctx context.Context, db *sql.DB, m Mailer) error {
	rows, err := db.QueryContext(ctx, `SELECT id, body FROM mail_outbox WHERE sent_at IS NULL AND attempts < 5 ORDER BY id LIMIT 20`)
	if err != nil {
		return err
	}
	type row struct {
		id   int64
		body []byte
	}
	var batch []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.id, &r.body); err != nil {
			rows.Close()
			return err
		}
		batch = append(batch, r)
	}
	rows.Close()
	for _, r := range batch {
		var mail Mail
		if err := json.Unmarshal(r.body, &mail); err != nil {
			countFailure(ctx, db, r.id, err)
			continue
		}
		if err := m.Send(ctx, mail); err != nil {
			countFailure(ctx, db, r.id, err)
			continue
		}
		if _, err := db.ExecContext(ctx, `UPDATE mail_outbox SET sent_at = now() WHERE id = $1`, r.id); err != nil {
			return err
		}
	}
	return nil
}
