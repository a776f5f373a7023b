// A relay that takes any hundred unprocessed rows, in no order, on
// database/sql, and marks each processed after publishing it.
package relay_nolimitorder

import (
	"context"
	"database/sql"
)

type Bus interface {
	Emit(ctx context.Context, kind string, body []byte) error
}

func Record(ctx context.Context, db *sql.DB, kind string, body []byte) error {
	_, err := db.ExecContext(ctx, `INSERT INTO domain_events (kind, body) VALUES ($1, $2)`, kind, body)
	return err
}

func Pump(ctx context.Context, db *sql.DB, bus Bus) error {
	rows, err := db.QueryContext(ctx, `SELECT id, kind, body FROM domain_events WHERE processed = false LIMIT 100`) // want `two relays read the same unmarked rows`
	if err != nil {
		return err
	}
	type ev struct {
		id   int64
		kind string
		body []byte
	}
	var evs []ev
	for rows.Next() {
		var e ev
		if err := rows.Scan(&e.id, &e.kind, &e.body); err != nil {
			rows.Close()
			return err
		}
		evs = append(evs, e)
	}
	rows.Close()
	for _, e := range evs {
		if err := bus.Emit(ctx, e.kind, e.body); err != nil {
			return err
		}
		if _, err := db.ExecContext(ctx, `UPDATE domain_events SET processed = true WHERE id = $1`, e.id); err != nil {
			return err
		}
	}
	return nil
}
