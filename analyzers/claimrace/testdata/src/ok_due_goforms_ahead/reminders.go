// The same reads compared with a time ahead of the clock, in the same
// forms: rows due within the hour are listed for a preview, not taken.
// A deadline ahead is not the clock, and the rows are no due jobs.
package ok_due_goforms_ahead

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Mailer interface {
	Send(ctx context.Context, to, body string) error
}

type reminder struct {
	ID   int64
	To   string
	Body string
}

func PreviewUnix(ctx context.Context, pool *pgxpool.Pool, m Mailer) error {
	rows, _ := pool.Query(ctx, `SELECT id, recipient, body FROM reminders WHERE remind_at <= $1 ORDER BY remind_at LIMIT 50`, time.Now().Add(time.Hour).Unix())
	due, err := pgx.CollectRows(rows, pgx.RowToStructByPos[reminder])
	if err != nil {
		return err
	}
	for _, r := range due {
		if _, err := pool.Exec(ctx, `DELETE FROM reminders WHERE id = $1`, r.ID); err != nil {
			return err
		}
		if err := m.Send(ctx, r.To, r.Body); err != nil {
			return err
		}
	}
	return nil
}

func PreviewText(ctx context.Context, pool *pgxpool.Pool, m Mailer) error {
	soon := time.Now().Add(time.Hour).Format(time.RFC3339)
	rows, _ := pool.Query(ctx, `SELECT id, recipient, body FROM notices WHERE send_at <= $1 ORDER BY send_at LIMIT 50`, soon)
	due, err := pgx.CollectRows(rows, pgx.RowToStructByPos[reminder])
	if err != nil {
		return err
	}
	for _, r := range due {
		if _, err := pool.Exec(ctx, `DELETE FROM notices WHERE id = $1`, r.ID); err != nil {
			return err
		}
		if err := m.Send(ctx, r.To, r.Body); err != nil {
			return err
		}
	}
	return nil
}
