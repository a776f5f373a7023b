// The same webhook relay with a limit: a failed send counts a try, and the
// poll takes a failed row again only while it has tries left.
package ok_relay_wrapped_retry

import (
	"context"
	"database/sql"
)

type Sender interface {
	Post(ctx context.Context, url string, body []byte) error
}

func Add(ctx context.Context, db *sql.DB, url string, body []byte) error {
	_, err := db.ExecContext(ctx, `INSERT INTO webhooks (url, body) VALUES ($1, $2)`, url, body)
	return err
}

type hook struct {
	id   int64
	url  string
	body []byte
}

func Deliver(ctx context.Context, db *sql.DB, s Sender) error {
	rows, err := db.QueryContext(ctx, `SELECT id, url, body FROM webhooks WHERE state IS DISTINCT FROM 'delivered' AND tries < 5 ORDER BY id LIMIT 50`)
	if err != nil {
		return err
	}
	var hooks []hook
	for rows.Next() {
		var h hook
		if err := rows.Scan(&h.id, &h.url, &h.body); err != nil {
			rows.Close()
			return err
		}
		hooks = append(hooks, h)
	}
	rows.Close()
	for _, h := range hooks {
		if err := s.Post(ctx, h.url, h.body); err != nil {
			if _, err := db.ExecContext(ctx, `UPDATE webhooks SET state = $2, tries = tries + 1 WHERE id = $1`, h.id, sql.NullString{String: "failed", Valid: true}); err != nil {
				return err
			}
			continue
		}
		if _, err := db.ExecContext(ctx, `UPDATE webhooks SET state = $2 WHERE id = $1`, h.id, sql.NullString{String: "delivered", Valid: true}); err != nil {
			return err
		}
	}
	return nil
}
