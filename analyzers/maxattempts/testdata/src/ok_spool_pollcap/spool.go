// A mail spool whose poll takes a mail only while its count is under the
// limit: a mail that failed maxAttempts times is never read again, and
// stays in the table for an operator to see.
package ok_spool_pollcap

import (
	"context"
	"log"

	"github.com/jackc/pgx/v5/pgxpool"
)

const maxAttempts = 6

type mail struct {
	id       int64
	to, body string
}

func SendDue(ctx context.Context, pool *pgxpool.Pool, send func(context.Context, string, string) error) error {
	rows, err := pool.Query(ctx, `SELECT id, recipient, body FROM mail_queue WHERE due_time <= now() AND attempts < $1 ORDER BY due_time LIMIT 20`, maxAttempts)
	if err != nil {
		return err
	}
	var batch []mail
	for rows.Next() {
		var m mail
		if err := rows.Scan(&m.id, &m.to, &m.body); err != nil {
			rows.Close()
			return err
		}
		batch = append(batch, m)
	}
	rows.Close()
	for _, m := range batch {
		if err := send(ctx, m.to, m.body); err != nil {
			if _, err := pool.Exec(ctx, `UPDATE mail_queue SET due_time = now() + interval '5 minutes', attempts = attempts + 1, last_error = $2 WHERE id = $1`, m.id, err.Error()); err != nil {
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
