// The job is a value of the registry's interface, made from the row the
// claim read; its own method runs it, and its error rolls the claim back.
package rbjobiface

import (
	"context"
	"database/sql"
	"errors"
)

type Job interface {
	Execute(ctx context.Context) error
}

type Worker struct {
	db    *sql.DB
	kinds map[string]func(payload []byte) Job
}

func (w *Worker) build(kind string, payload []byte) (Job, error) {
	make, ok := w.kinds[kind]
	if !ok {
		return nil, errors.New("unknown kind " + kind)
	}
	return make(payload), nil
}

func (w *Worker) ProcessOne(ctx context.Context) error {
	tx, err := w.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var (
		id      int64
		kind    string
		payload []byte
	)
	if err := tx.QueryRowContext(ctx, `SELECT id, kind, payload FROM jobs WHERE state = 'pending' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id, &kind, &payload); err != nil {
		return err
	}
	job, err := w.build(kind, payload)
	if err != nil {
		return err
	}
	if err := job.Execute(ctx); err != nil {
		return err // want `this rollback of the claim's transaction puts the job back with no attempt recorded and no limit`
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM jobs WHERE id = $1`, id); err != nil {
		return err
	}
	return tx.Commit()
}
