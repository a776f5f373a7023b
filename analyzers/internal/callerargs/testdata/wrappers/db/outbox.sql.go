// Package db is what sqlc generates for a nullable state column: the
// state comes in a wrapper.
package db

import (
	"context"
	"database/sql"

	"github.com/jackc/pgx/v5/pgtype"
	"gopkg.in/guregu/null.v4"

	other "example.com/wrappers/pgtype"
)

type DBTX interface {
	Exec(ctx context.Context, query string, args ...any) (any, error)
}

type Queries struct{ db DBTX }

const updateOutboxEvent = `UPDATE outbox SET status = $2 WHERE id = $1`

type UpdateOutboxEventParams struct {
	ID     int64
	Status pgtype.Text
}

func (q *Queries) UpdateOutboxEvent(ctx context.Context, arg UpdateOutboxEventParams) error {
	_, err := q.db.Exec(ctx, updateOutboxEvent, arg.ID, arg.Status)
	return err
}

const markMail = `UPDATE mails SET state = $2 WHERE id = $1`

func (q *Queries) MarkMail(ctx context.Context, id int64, state sql.NullString) error {
	_, err := q.db.Exec(ctx, markMail, id, state)
	return err
}

const setNote = `UPDATE mails SET note = $2 WHERE id = $1`

func (q *Queries) SetNote(ctx context.Context, id int64, note sql.NullString) error {
	_, err := q.db.Exec(ctx, setNote, id, note)
	return err
}

const setHook = `UPDATE hooks SET state = $2 WHERE id = $1`

func (q *Queries) SetHook(ctx context.Context, id int64, state null.String) error {
	_, err := q.db.Exec(ctx, setHook, id, state)
	return err
}

const setPage = `UPDATE pages SET state = $2 WHERE id = $1`

func (q *Queries) SetPage(ctx context.Context, id int64, state other.Text) error {
	_, err := q.db.Exec(ctx, setPage, id, state)
	return err
}
