package statescoalesce // want package:"queues\\(public.outbox\\)"

// A relay that reads every row whose status is not one it names (NULL
// included, through COALESCE) and marks each, one UPDATE for both
// outcomes, the state inside sql.NullString: 'failed' is read again.

import (
	"context"
	"database/sql"
)

type Sender interface {
	Send(ctx context.Context, payload []byte) error
}

func Add(ctx context.Context, db *sql.DB, payload []byte) error {
	_, err := db.ExecContext(ctx, `INSERT INTO outbox (payload) VALUES ($1)`, payload)
	return err
}

func Relay(ctx context.Context, db *sql.DB, s Sender) error { // want Relay:"claims jobs, completes jobs, fails jobs, calls statescoalesce.Sender.Send in a loop"
	rows, err := db.QueryContext(ctx, `SELECT id, payload FROM outbox WHERE NOT (COALESCE(status, '') = ANY('{pending,processed}'))`)
	if err != nil {
		return err
	}
	type row struct {
		id      int64
		payload []byte
	}
	var all []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.id, &r.payload); err != nil {
			rows.Close()
			return err
		}
		all = append(all, r)
	}
	rows.Close()
	for _, r := range all {
		st := sql.NullString{String: "processed", Valid: true}
		if err := s.Send(ctx, r.payload); err != nil {
			st = sql.NullString{String: "failed", Valid: true}
		}
		if _, err := db.ExecContext(ctx, `UPDATE outbox SET status = $2 WHERE id = $1`, r.id, st); err != nil {
			return err
		}
	}
	return nil
}
