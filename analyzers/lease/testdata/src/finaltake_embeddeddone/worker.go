// finaltake_done's worker, which also applies the migrations it embeds:
// the migrations do not make the taken state one nothing leaves, since the
// worker itself writes the event again after its work.
package finaltake_embeddeddone

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
		w.handle(ctx, e.id, e.account)
	}
	return nil
}

func (w *Worker) take(ctx context.Context, id int64) bool {
	tag, err := w.pool.Exec(ctx, `UPDATE events SET processed_at = now() WHERE id = $1 AND processed_at IS NULL`, id) // want `this claim writes a lease \(processed_at\), but no statement in the module returns jobs whose lease expired`
	return err == nil && tag.RowsAffected() == 1
}

func (w *Worker) handle(ctx context.Context, id, account int64) {
	if _, err := w.pool.Exec(ctx, `UPDATE accounts SET paid = true WHERE id = $1`, account); err != nil {
		return
	}
	_, _ = w.pool.Exec(ctx, `UPDATE events SET handled_at = now() WHERE id = $1`, id)
}

//go:embed migrations/*.sql
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
