// Reminders taken before they are sent, but by a DELETE whose row count
// nobody reads: the second scheduler's DELETE matches nothing and it
// sends the reminder all the same.
package due_take_unchecked

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

func SendDue(ctx context.Context, pool *pgxpool.Pool, m Mailer) error {
	rows, _ := pool.Query(ctx, `SELECT id, recipient, body FROM reminders WHERE remind_at < $1 ORDER BY remind_at LIMIT 50`, time.Now()) // want `two schedulers take the same due job, and both run it`
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
