// A mail spool with no state column: the sender reads due mails, sends
// each, deletes it once sent, and pushes a failed one back with its count
// raised. Nothing ever compares the count with a limit: a mail to an
// address that always bounces is tried every five minutes for ever.
package spool_nolimit

import (
	"context"
	"log"

	"github.com/jackc/pgx/v5/pgxpool"
)

type mail struct {
	id       int64
	to, body string
	attempts int
}

func SendDue(ctx context.Context, pool *pgxpool.Pool, send func(context.Context, string, string) error) error {
	rows, err := pool.Query(ctx, `SELECT id, recipient, body, attempts FROM mail_queue WHERE due_time <= now() ORDER BY due_time LIMIT 20`)
	if err != nil {
		return err
	}
	var batch []mail
	for rows.Next() {
		var m mail
		if err := rows.Scan(&m.id, &m.to, &m.body, &m.attempts); err != nil {
			rows.Close()
			return err
		}
		batch = append(batch, m)
	}
	rows.Close()
	for _, m := range batch {
		if err := send(ctx, m.to, m.body); err != nil {
			log.Printf("mail %d, attempt %d: %v", m.id, m.attempts+1, err)
			if _, err := pool.Exec(ctx, `UPDATE mail_queue SET due_time = now() + interval '5 minutes', attempts = attempts + 1 WHERE id = $1`, m.id); err != nil { // want `this retry puts the job back with no limit`
				log.Print(err)
			}
			continue
		}
		if _, err := pool.Exec(ctx, `DELETE FROM mail_queue WHERE id = $1`, m.id); err != nil {
			log.Print(err)
		}
	}
	return nil
}
