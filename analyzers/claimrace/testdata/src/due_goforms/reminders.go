// Due rows read by comparing the due column with the clock written as a
// Go value in the column's own form: seconds since the epoch for a bigint
// column, RFC 3339 text for a text one. Both are the clock, and each
// DELETE by key, whose row count nobody reads, lets a second scheduler
// send the same reminder.
package due_goforms

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

func SendDueUnix(ctx context.Context, pool *pgxpool.Pool, m Mailer) error {
	rows, _ := pool.Query(ctx, `SELECT id, recipient, body FROM reminders WHERE remind_at <= $1 ORDER BY remind_at LIMIT 50`, time.Now().UTC().Unix()) // want `two schedulers take the same due job, and both run it`
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

func SendDueText(ctx context.Context, pool *pgxpool.Pool, m Mailer) error {
	now := time.Now().UTC().Format(time.RFC3339)
	rows, _ := pool.Query(ctx, `SELECT id, recipient, body FROM notices WHERE send_at <= $1 ORDER BY send_at LIMIT 50`, now) // want `two schedulers take the same due job, and both run it`
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
