// A periodic check of every open deadline (no LIMIT): each one past due
// is marked breached by key and an alert is scheduled for it, each one
// answered in time is marked met. The marks record a verdict, not a
// hand-off: no relay, nothing reported. The relay of relay_unbounded,
// whose mark says 'sent', stays reported.
package ok_relay_unbounded_verdict

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Alerts interface {
	Schedule(ctx context.Context, deadlineID int64, at time.Time) error
}

func Open(ctx context.Context, pool *pgxpool.Pool, ticket int64, due time.Time) error {
	_, err := pool.Exec(ctx, `INSERT INTO deadlines (ticket_id, due_at, status) VALUES ($1, $2, 'open')`, ticket, due)
	return err
}

func Check(ctx context.Context, pool *pgxpool.Pool, alerts Alerts) error {
	rows, err := pool.Query(ctx, `SELECT id, due_at, answered_at FROM deadlines WHERE status = 'open' AND (due_at <= now() OR answered_at IS NOT NULL) ORDER BY due_at`)
	if err != nil {
		return err
	}
	type deadline struct {
		id       int64
		due      time.Time
		answered *time.Time
	}
	var ds []deadline
	for rows.Next() {
		var d deadline
		if err := rows.Scan(&d.id, &d.due, &d.answered); err != nil {
			rows.Close()
			return err
		}
		ds = append(ds, d)
	}
	rows.Close()
	for _, d := range ds {
		if d.answered != nil && d.answered.Before(d.due) {
			if _, err := pool.Exec(ctx, `UPDATE deadlines SET status = 'met' WHERE id = $1`, d.id); err != nil {
				return err
			}
			continue
		}
		if _, err := pool.Exec(ctx, `UPDATE deadlines SET status = 'breached' WHERE id = $1`, d.id); err != nil {
			return err
		}
		if err := alerts.Schedule(ctx, d.id, time.Now()); err != nil {
			return err
		}
	}
	return nil
}
