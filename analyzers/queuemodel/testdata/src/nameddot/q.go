package nameddot

import (
	"context"
	"database/sql"

	"github.com/qustavo/dotsql"
)

var dot, _ = dotsql.LoadFromFile("queries.sql")

func Run(ctx context.Context, db *sql.DB, tx *sql.Tx, other *dotsql.DotSql, name string) { // want Run:"claims jobs"
	var id int64
	row, _ := dot.QueryRow(db, "next-job")
	row.Scan(&id)
	dot.ExecContext(ctx, tx, "take-job", id)
	dot.Exec(db, "templated")
	dot.Exec(db, "no-such-query")
	dot.Exec(db, name)
	other.Exec(db, "take-job", id)
	inline, _ := dotsql.LoadFromString("-- name: q\nDELETE FROM jobs WHERE state = 'done'")
	_, _ = inline.Exec(db, "q")
	missing, _ := dotsql.LoadFromFile("missing.sql")
	missing.Exec(db, "q")
	abs, _ := dotsql.LoadFromFile("/etc/queries.sql")
	abs.Exec(db, "q")
}
