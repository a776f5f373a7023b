// The seed's claim race, its SQL looked up by name in the string map that
// github.com/nleof/goyesql parses a `-- name:` file into, held in a local
// variable and in a struct field.
package goyesql_stringmap

import (
	"context"
	"database/sql"

	"github.com/nleof/goyesql"
)

func Take(ctx context.Context, db *sql.DB) (int64, error) {
	queries, err := goyesql.ParseFile("queries.sql")
	if err != nil {
		return 0, err
	}
	var id int64
	if err := db.QueryRowContext(ctx, queries["next-job"]).Scan(&id); err != nil { // want `two workers can claim the same job`
		return 0, err
	}
	if _, err := db.ExecContext(ctx, queries["take-job"], id); err != nil {
		return 0, err
	}
	return id, nil
}

type Worker struct {
	db      *sql.DB
	queries goyesql.Queries
}

func NewWorker(db *sql.DB) (*Worker, error) {
	qs, err := goyesql.ParseFile("queries.sql")
	if err != nil {
		return nil, err
	}
	return &Worker{db: db, queries: qs}, nil
}

func (w *Worker) Next(ctx context.Context) (int64, error) {
	var id int64
	if err := w.db.QueryRowContext(ctx, w.queries["next-job"]).Scan(&id); err != nil { // want `two workers can claim the same job`
		return 0, err
	}
	if _, err := w.db.ExecContext(ctx, w.queries["take-job"], id); err != nil {
		return 0, err
	}
	return id, nil
}
