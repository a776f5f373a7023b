// Reminders with a state the enqueue binds from a Go value: the poll reads
// the scheduled rows that are due, a compare-and-set moves each to
// 'processing' and its row count is checked before the send, and the
// send's outcome moves the due time by key. The state's move is the claim;
// the advance of the due time after the send takes nothing.
package ok_due_stateunnamed

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

func Schedule(ctx context.Context, pool *pgxpool.Pool, to, body, status string, at time.Time) error {
	_, err := pool.Exec(ctx, `INSERT INTO reminders (recipient, body, status, remind_at) VALUES ($1, $2, $3, $4)`, to, body, status, at)
	return err
}

func SendDue(ctx context.Context, pool *pgxpool.Pool, m Mailer) error {
	rows, _ := pool.Query(ctx, `SELECT id, recipient, body FROM reminders WHERE remind_at <= $1 AND status = 'scheduled' ORDER BY remind_at LIMIT 50`, time.Now())
	due, err := pgx.CollectRows(rows, pgx.RowToStructByPos[reminder])
	if err != nil {
		return err
	}
	for _, r := range due {
		tag, err := pool.Exec(ctx, `UPDATE reminders SET status = 'processing' WHERE id = $1 AND status = 'scheduled'`, r.ID)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			continue
		}
		if err := m.Send(ctx, r.To, r.Body); err != nil {
			if _, err := pool.Exec(ctx, `UPDATE reminders SET status = 'scheduled', remind_at = $2 WHERE id = $1`, r.ID, time.Now().Add(time.Hour)); err != nil {
				return err
			}
			continue
		}
		if _, err := pool.Exec(ctx, `UPDATE reminders SET status = 'sent' WHERE id = $1`, r.ID); err != nil {
			return err
		}
	}
	return nil
}
