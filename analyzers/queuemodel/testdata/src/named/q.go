package named // want package:"queues\\(public.jobs\\)"

import (
	"context"
	"database/sql"

	"github.com/jmoiron/sqlx"
	"github.com/knadh/goyesql/v2"
)

type Queries struct {
	NextJob *sqlx.Stmt `query:"next-job"`
	TakeJob *sqlx.Stmt `query:"take-job"`
	Missing *sqlx.Stmt `query:"no-such-query"`
	Other   *sqlx.Stmt
}

var queries = goyesql.MustParseFile("queries.sql")

func Run(ctx context.Context, db *sql.DB, tx *sqlx.Tx, q *Queries, name string) { // want Run:"claims jobs"
	var id int64
	q.NextJob.Get(&id)
	q.TakeJob.Exec(id)
	tx.Stmtx(q.TakeJob).Exec(id)
	q.Missing.Exec()
	q.Other.Exec()
	db.ExecContext(ctx, queries["take-job"].Query, id)
	db.ExecContext(ctx, queries[name].Query, id)
	n := "dup"
	if name == "" {
		n = "same"
	}
	db.ExecContext(ctx, queries[n].Query)
	db.ExecContext(ctx, queries["dup"].Query)
	db.ExecContext(ctx, queries["same"].Query)
}
