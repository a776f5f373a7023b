// A webhook relay whose poll takes every row not yet delivered, with
// IS DISTINCT FROM: a row marked 'failed' is read and sent again by every
// poll, for ever. The states are set inside sql.NullString.
package relay_wrapped_retry

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
	rows, err := db.QueryContext(ctx, `SELECT id, url, body FROM webhooks WHERE state IS DISTINCT FROM 'delivered' ORDER BY id LIMIT 50`)
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
			if _, err := db.ExecContext(ctx, `UPDATE webhooks SET state = $2 WHERE id = $1`, h.id, sql.NullString{String: "failed", Valid: true}); err != nil { // want `this retry puts the job back with no limit`
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
