package claimscanwork // want package:"queues\\(public.uploads\\)"

// The job's work is a virus scan, through the package's own interface
// whose method happens to be named Scan: that is work, not a row read, and
// the UPDATE after it records the job's outcome.

import (
	"context"
	"database/sql"
)

type antivirus interface {
	Scan(ctx context.Context, body []byte) error
}

func check(ctx context.Context, av antivirus, body []byte) error { // want check:"calls claimscanwork.antivirus.Scan"
	return av.Scan(ctx, body)
}

func Next(ctx context.Context, db *sql.DB, av antivirus) error { // want Next:"claims jobs, calls claimscanwork.antivirus.Scan"
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var id int64
	var body []byte
	if err := tx.QueryRowContext(ctx, `SELECT id, body FROM uploads WHERE status = 'pending' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id, &body); err != nil {
		return err
	}
	if err := check(ctx, av, body); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE uploads SET status = 'clean' WHERE id = $1`, id); err != nil {
		return err
	}
	return tx.Commit()
}
