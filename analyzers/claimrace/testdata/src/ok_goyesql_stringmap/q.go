// A worker whose claim, looked up by name in github.com/nleof/goyesql's
// string map, takes the job in one statement that skips locked rows; and
// a lookup by a name no file defines, which stays unread.
package ok_goyesql_stringmap

import (
	"context"
	"database/sql"

	"github.com/nleof/goyesql"
)

type Worker struct {
	db      *sql.DB
	queries goyesql.Queries
}

func NewWorker(db *sql.DB) *Worker {
	return &Worker{db: db, queries: goyesql.MustParseFile("queries.sql")}
}

func (w *Worker) Next(ctx context.Context) (int64, error) {
	var id int64
	err := w.db.QueryRowContext(ctx, w.queries["claim-job"]).Scan(&id)
	return id, err
}

func (w *Worker) Finish(ctx context.Context, id int64) error {
	_, err := w.db.ExecContext(ctx, w.queries["finish-job"], id)
	return err
}

func (w *Worker) Legacy(ctx context.Context) (int64, error) {
	var id int64
	if err := w.db.QueryRowContext(ctx, w.queries["legacy-next"]).Scan(&id); err != nil {
		return 0, err
	}
	_, err := w.db.ExecContext(ctx, w.queries["finish-job"], id)
	return id, err
}
