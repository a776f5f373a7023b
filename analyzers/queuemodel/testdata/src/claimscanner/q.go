package claimscanner // want package:"queues\\(public.jobs\\)"

// The claim reads the locked row through the package's own scanner (the
// interface that *sql.Row and *sql.Rows both satisfy), then moves it to
// a running state in the same transaction: the two steps of one claim.

import (
	"context"
	"database/sql"
)

type scanner interface {
	Scan(dest ...any) error
}

type Job struct {
	ID      int64
	Payload []byte
}

func scanJob(row scanner) (*Job, error) { // want scanJob:"calls claimscanner.scanner.Scan on sql.Row"
	var j Job
	if err := row.Scan(&j.ID, &j.Payload); err != nil {
		return nil, err
	}
	return &j, nil
}

func ClaimNext(ctx context.Context, db *sql.DB) (*Job, error) { // want ClaimNext:"claims jobs"
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	job, err := scanJob(tx.QueryRowContext(ctx, `SELECT id, payload FROM jobs WHERE status = 'pending' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`))
	if err != nil {
		return nil, err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE jobs SET status = 'ingesting' WHERE id = $1`, job.ID); err != nil {
		return nil, err
	}
	return job, tx.Commit()
}

func Complete(ctx context.Context, db *sql.DB, id int64) error { // want Complete:"completes jobs, writes outcomes, returns a write's error"
	_, err := db.ExecContext(ctx, `UPDATE jobs SET status = 'completed' WHERE id = $1`, id)
	return err
}
