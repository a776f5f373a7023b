// A mail spool whose key is not named like one: the schema says mail_key
// is the primary key and message_id is unique, so each mark names one
// mail (or the listed ones), as a mark by id does. Nothing takes a mail
// back, so a mark by key has nothing to overwrite.
package ok_schemakey

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Mail struct {
	Key       string
	Recipient string
	Body      string
}

func Pending(ctx context.Context, pool *pgxpool.Pool) ([]Mail, error) {
	rows, err := pool.Query(ctx, `SELECT mail_key, recipient, body FROM mails WHERE mail_state = 'PENDING' ORDER BY created_at LIMIT 10`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Mail
	for rows.Next() {
		var m Mail
		if err := rows.Scan(&m.Key, &m.Recipient, &m.Body); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

func MarkSent(ctx context.Context, pool *pgxpool.Pool, key string) error {
	_, err := pool.Exec(ctx, `UPDATE mails SET mail_state = 'SENT', sent_at = now() WHERE mail_key = $1`, key)
	return err
}

func MarkSentByMessage(ctx context.Context, pool *pgxpool.Pool, messageID string) error {
	_, err := pool.Exec(ctx, `UPDATE mails SET mail_state = 'SENT', sent_at = now() WHERE message_id = $1`, messageID)
	return err
}

func MarkAllSent(ctx context.Context, pool *pgxpool.Pool, keys []string) error {
	_, err := pool.Exec(ctx, `WITH given(mail_key) AS (SELECT mail_key FROM unnest($1::uuid[]) AS input(mail_key))
		UPDATE mails SET mail_state = 'SENT', sent_at = now() FROM given WHERE mails.mail_key = given.mail_key`, keys)
	return err
}

func PendingParts(ctx context.Context, pool *pgxpool.Pool) (pgxRows int, err error) {
	rows, err := pool.Query(ctx, `SELECT tenant, seq, body FROM mail_parts WHERE part_state = 'queued' ORDER BY seq LIMIT 10`)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	for rows.Next() {
		pgxRows++
	}
	return pgxRows, rows.Err()
}

func MarkPartSent(ctx context.Context, pool *pgxpool.Pool, tenant string, seq int64) error {
	_, err := pool.Exec(ctx, `UPDATE mail_parts SET part_state = 'sent' WHERE tenant = $1 AND seq = $2`, tenant, seq)
	return err
}
