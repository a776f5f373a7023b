// Package db is code sqlc generates: each query's parameters come in a
// struct.
package db

import "context"

type DBTX interface {
	ExecContext(ctx context.Context, query string, args ...any) (any, error)
}

type Queries struct{ db DBTX }

const updateStatus = `UPDATE jobs SET status = $2 WHERE id = $1`

type UpdateStatusParams struct {
	ID     int64
	Status string
}

func (q *Queries) UpdateStatus(ctx context.Context, arg UpdateStatusParams) error {
	_, err := q.db.ExecContext(ctx, updateStatus, arg.ID, arg.Status)
	return err
}

const setNote = `UPDATE jobs SET note = $2 WHERE id = $1`

type SetNoteParams struct {
	ID   int64
	Note string
}

func (q *Queries) SetNote(ctx context.Context, arg SetNoteParams) error {
	_, err := q.db.ExecContext(ctx, setNote, arg.ID, arg.Note)
	return err
}

// With emit_prepared_queries sqlc runs its queries through q.exec.
type Stmt struct{}

func (q *Queries) exec(ctx context.Context, stmt *Stmt, query string, args ...any) (any, error) {
	if stmt != nil {
		return nil, nil
	}
	return q.db.ExecContext(ctx, query, args...)
}

const setStage = `UPDATE jobs SET stage = $2 WHERE id = $1`

type SetStageParams struct {
	ID    int64
	Stage string
}

func (q *Queries) SetStage(ctx context.Context, arg SetStageParams) error {
	_, err := q.exec(ctx, nil, setStage, arg.ID, arg.Stage)
	return err
}
