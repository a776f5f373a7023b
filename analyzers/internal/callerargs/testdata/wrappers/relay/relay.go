package relay

import (
	"context"
	"database/sql"

	"github.com/jackc/pgx/v5/pgtype"
	"gopkg.in/guregu/null.v4"

	"example.com/wrappers/db"
	other "example.com/wrappers/pgtype"
)

type sender interface {
	Send(ctx context.Context, id int64) error
}

// Relay marks each event with one statement, the state told apart only by
// the value inside the wrapper.
func Relay(ctx context.Context, q *db.Queries, s sender, ids []int64) error {
	for _, id := range ids {
		status := "processed"
		if err := s.Send(ctx, id); err != nil {
			status = "failed"
		}
		if err := q.UpdateOutboxEvent(ctx, db.UpdateOutboxEventParams{ID: id, Status: pgtype.Text{String: status, Valid: true}}); err != nil {
			return err
		}
	}
	return nil
}

func Mail(ctx context.Context, q *db.Queries, id int64, failed bool) error {
	if failed {
		return q.MarkMail(ctx, id, sql.NullString{String: "failed", Valid: true})
	}
	sent := sql.NullString{String: "sent", Valid: true}
	return q.MarkMail(ctx, id, sent)
}

// A note's validity is computed, or left out: either may bind NULL.
func Note(ctx context.Context, q *db.Queries, id int64, note string) error {
	if err := q.SetNote(ctx, id, sql.NullString{String: "seen", Valid: note != ""}); err != nil {
		return err
	}
	return q.SetNote(ctx, id, sql.NullString{String: "read"})
}

// A hook's state through guregu/null's constructor.
func Hook(ctx context.Context, q *db.Queries, id int64) error {
	return q.SetHook(ctx, id, null.StringFrom("delivered"))
}

// A type named as pgx's, from another package: no wrapper the tool knows.
func Page(ctx context.Context, q *db.Queries, id int64) error {
	return q.SetPage(ctx, id, other.Text{String: "x", Valid: true})
}
