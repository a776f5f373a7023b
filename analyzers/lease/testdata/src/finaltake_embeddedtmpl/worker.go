// ok_finaltake_embedded, but the embedded directory also holds a file that
// is not .sql (002_handled.tmpl), which the tool does not read: what Migrate runs
// may move the event on, so the take is judged as a claim.
package finaltake_embeddedtmpl

import (
	"context"
	"embed"
	"io/fs"

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
	tag, err := w.pool.Exec(ctx, `UPDATE events SET processed_at = now() WHERE id = $1 AND processed_at IS NULL`, id) // want `this claim writes a lease \(processed_at\), but no statement in the module returns jobs whose lease expired`
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

//go:embed migrations
var migrations embed.FS

// Migrate applies the embedded migrations in order.
func (w *Worker) Migrate(ctx context.Context) error {
	names, err := fs.Glob(migrations, "migrations/*")
	if err != nil {
		return err
	}
	for _, name := range names {
		b, err := migrations.ReadFile(name)
		if err != nil {
			return err
		}
		if _, err := w.pool.Exec(ctx, string(b)); err != nil {
			return err
		}
	}
	return nil
}
