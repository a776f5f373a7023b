// Package jobs processes documents through the jobs queue: each job is
// claimed with FOR UPDATE SKIP LOCKED, and the document it names marked
// processed in the same transaction.
package jobs

import (
	"context"
	"database/sql"
	"time"

	"example.com/docsmig/db"
)

func Enqueue(ctx context.Context, pool *sql.DB, title string) error {
	tx, err := pool.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	id, err := db.New(tx).CreateDocument(ctx, title)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO jobs (document_id) VALUES ($1)`, id); err != nil {
		return err
	}
	return tx.Commit()
}

func Work(ctx context.Context, pool *sql.DB) {
	for ctx.Err() == nil {
		if !runOne(ctx, pool) {
			time.Sleep(time.Second)
		}
	}
}

func runOne(ctx context.Context, pool *sql.DB) bool {
	tx, err := pool.BeginTx(ctx, nil)
	if err != nil {
		return false
	}
	defer tx.Rollback()
	var id, doc int64
	err = tx.QueryRowContext(ctx, `SELECT id, document_id FROM jobs WHERE status = 'queued' AND run_at <= now()
		ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id, &doc)
	if err != nil {
		return false
	}
	if err := db.New(tx).MarkDocumentProcessed(ctx, doc); err != nil {
		return false
	}
	if _, err := tx.ExecContext(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id); err != nil {
		return false
	}
	return tx.Commit() == nil
}
