// A retention run: payloads older than the cutoff (of one source, when
// asked) have their bodies dropped and are marked deleted, each logged in
// the run's items. Nothing is locked, and two runs only mark the same rows
// twice; no payload goes to any work, so the table is no queue.
package notqueue_retention

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

const schema = `
CREATE TABLE payloads (
	id text PRIMARY KEY,
	source_id text NOT NULL,
	body bytea NOT NULL,
	storage_status text NOT NULL DEFAULT 'stored',
	created_at timestamptz NOT NULL DEFAULT now()
)`

func Store(ctx context.Context, tx pgx.Tx, id, source string, body []byte) error {
	_, err := tx.Exec(ctx, `INSERT INTO payloads (id, source_id, body) VALUES ($1, $2, $3)`, id, source, body)
	return err
}

func Apply(ctx context.Context, tx pgx.Tx, run, source string, cutoff time.Time) (int, error) {
	query := `SELECT id FROM payloads WHERE storage_status = 'stored' AND created_at < $1`
	args := []any{cutoff}
	if source != "" {
		args = append(args, source)
		query += fmt.Sprintf(" AND source_id = $%d", len(args))
	}
	query += " ORDER BY created_at LIMIT 100"
	rows, err := tx.Query(ctx, query, args...)
	if err != nil {
		return 0, err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return 0, err
	}
	for _, id := range ids {
		if _, err := tx.Exec(ctx, `UPDATE payloads SET body = '', storage_status = 'deleted' WHERE id = $1`, id); err != nil {
			return 0, err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO retention_items (run_id, payload_id) VALUES ($1, $2)`, run, id); err != nil {
			return 0, err
		}
	}
	var left int
	if err := tx.QueryRow(ctx, `SELECT count(*) FROM payloads WHERE storage_status = 'stored' AND created_at < $1`, cutoff).Scan(&left); err != nil {
		return 0, err
	}
	return len(ids), nil
}
