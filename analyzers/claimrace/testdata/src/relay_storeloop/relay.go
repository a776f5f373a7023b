// A repository whose relay loop, in the same package, reads a batch of
// unsent emails through one method, sends each, and marks it sent
// through another: a relay, not a claim (the mark follows the send).
package relay_storeloop

import (
	"context"
	"database/sql"
)

type Repo struct{ db *sql.DB }

type Email struct {
	ID   int64
	To   string
	Body string
}

func (r *Repo) Queue(ctx context.Context, to, body string) error {
	_, err := r.db.ExecContext(ctx, `INSERT INTO email_outbox (recipient, body, status) VALUES ($1, $2, 'queued')`, to, body)
	return err
}

func (r *Repo) Unsent(ctx context.Context, n int) ([]Email, error) {
	rows, err := r.db.QueryContext(ctx, `SELECT id, recipient, body FROM email_outbox WHERE status = 'queued' ORDER BY created_at LIMIT $1`, n) // want `two relays read the same unmarked rows`
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Email
	for rows.Next() {
		var e Email
		if err := rows.Scan(&e.ID, &e.To, &e.Body); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

func (r *Repo) MarkSent(ctx context.Context, id int64) error {
	_, err := r.db.ExecContext(ctx, `UPDATE email_outbox SET status = 'sent' WHERE id = $1`, id)
	return err
}

type SMTP interface {
	Send(ctx context.Context, to, body string) error
}

func (r *Repo) Flush(ctx context.Context, smtp SMTP) error {
	emails, err := r.Unsent(ctx, 20)
	if err != nil {
		return err
	}
	for _, e := range emails {
		if err := smtp.Send(ctx, e.To, e.Body); err != nil {
			return err
		}
		if err := r.MarkSent(ctx, e.ID); err != nil {
			return err
		}
	}
	return nil
}
