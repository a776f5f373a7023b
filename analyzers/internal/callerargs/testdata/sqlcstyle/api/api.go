package api

import (
	"context"

	"example.com/sqlcstyle/db"
)

const failed = "failed"

func Fail(ctx context.Context, q *db.Queries, id int64) error {
	params := &db.UpdateStatusParams{ID: id, Status: failed}
	return q.UpdateStatus(ctx, *params)
}

func Note(ctx context.Context, q *db.Queries, id int64) error {
	if err := q.SetNote(ctx, db.SetNoteParams{id, "by hand"}); err != nil {
		return err
	}
	return q.SetNote(ctx, db.SetNoteParams{ID: id})
}

func Build(ctx context.Context, q *db.Queries, id int64) error {
	return q.SetStage(ctx, db.SetStageParams{ID: id, Stage: "built"})
}
