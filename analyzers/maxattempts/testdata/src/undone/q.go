// A dispatcher that tries an event a few times in process, records the
// give-up, and at once puts the event back to pending: the failure it
// wrote is undone on the same path, and the event is tried for ever.
package undone

import (
	"context"
	"database/sql"
	"time"
)

const maxRetries = 3

type Event struct {
	ID      int64
	Payload []byte
}

type Sender interface {
	Send(ctx context.Context, payload []byte) error
}

type Repo struct{ db *sql.DB }

func (r *Repo) Pending(ctx context.Context, n int) ([]Event, error) {
	rows, err := r.db.QueryContext(ctx, `UPDATE events SET status = 'processing' WHERE id IN (SELECT id FROM events WHERE status = 'pending' ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED) RETURNING id, payload`, n)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Event
	for rows.Next() {
		var ev Event
		if err := rows.Scan(&ev.ID, &ev.Payload); err != nil {
			return nil, err
		}
		out = append(out, ev)
	}
	return out, rows.Err()
}

func (r *Repo) MarkSent(ctx context.Context, id int64) error {
	_, err := r.db.ExecContext(ctx, `UPDATE events SET status = 'sent' WHERE id = $1`, id)
	return err
}

func (r *Repo) MarkFailed(ctx context.Context, id int64) error {
	_, err := r.db.ExecContext(ctx, `UPDATE events SET status = 'failed', attempts = attempts + 1 WHERE id = $1`, id)
	return err
}

func (r *Repo) ResetPending(ctx context.Context, id int64) error {
	_, err := r.db.ExecContext(ctx, `UPDATE events SET status = 'pending' WHERE id = $1`, id) // want `this retry puts back the job whose failure was just recorded`
	return err
}

// Release hands back an event the dispatcher took and has not sent yet
// when it stops: no failure of the work is on its path, so it is a
// deferral, not a retry (see beforeWork).
func (r *Repo) Release(ctx context.Context, id int64) error {
	_, err := r.db.ExecContext(ctx, `UPDATE events SET status = 'pending' WHERE id = $1 AND status = 'processing'`, id)
	return err
}

type Dispatcher struct {
	repo   *Repo
	sender Sender
}

func (d *Dispatcher) Tick(ctx context.Context) error {
	events, err := d.repo.Pending(ctx, 10)
	if err != nil {
		return err
	}
	for _, ev := range events {
		if ctx.Err() != nil {
			if err := d.repo.Release(context.Background(), ev.ID); err != nil {
				return err
			}
			continue
		}
		attempt := 0
		for {
			err := d.sender.Send(ctx, ev.Payload)
			if err == nil {
				if err := d.repo.MarkSent(ctx, ev.ID); err != nil {
					return err
				}
				break
			}
			attempt++
			if attempt >= maxRetries {
				if err := d.repo.MarkFailed(ctx, ev.ID); err != nil {
					return err
				}
				if err := d.repo.ResetPending(ctx, ev.ID); err != nil {
					return err
				}
				break
			}
			time.Sleep(time.Duration(attempt) * 100 * time.Millisecond)
		}
	}
	return nil
}
