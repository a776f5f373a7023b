// An at-most-once worker: it marks each event handled (processed_at) before
// its work, on purpose, and nothing writes the row again. The take is the
// event's outcome: a killed worker leaves the event as handled as a
// finished one, and there is no in-progress state for a lease to end.
package ok_finaltake

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Worker struct{ pool *pgxpool.Pool }

func (w *Worker) Poll(ctx context.Context) error {
	rows, err := w.pool.Query(ctx, `SELECT id, account FROM events WHERE processed_at IS NULL ORDER BY created_at LIMIT 50`)
	if err != nil {
		return err
	}
	type event struct{ id, account int64 }
	var events []event
	for rows.Next() {
		var e event
		if err := rows.Scan(&e.id, &e.account); err != nil {
			return err
		}
		events = append(events, e)
	}
	rows.Close()
	for _, e := range events {
		if !w.take(ctx, e.id) {
			continue
		}
		w.handle(ctx, e.account)
	}
	return nil
}

func (w *Worker) take(ctx context.Context, id int64) bool {
	tag, err := w.pool.Exec(ctx, `UPDATE events SET processed_at = now() WHERE id = $1 AND processed_at IS NULL`, id)
	return err == nil && tag.RowsAffected() == 1
}

// handle writes another table, not the event's row.
func (w *Worker) handle(ctx context.Context, account int64) {
	_, _ = w.pool.Exec(ctx, `UPDATE accounts SET paid = true WHERE id = $1`, account)
}

// Show reads an event by key: a read leaves no state.
func (w *Worker) Show(ctx context.Context, id int64) (int64, error) {
	var account int64
	err := w.pool.QueryRow(ctx, `SELECT account FROM events WHERE id = $1`, id).Scan(&account)
	return account, err
}

// Drop deletes events never taken: none is in the taken state.
func (w *Worker) Drop(ctx context.Context) error {
	_, err := w.pool.Exec(ctx, `DELETE FROM events WHERE processed_at IS NULL AND created_at < now() - interval '30 days'`)
	return err
}
