package nameddot // want package:"queues\\(public.jobs\\)"

import (
	"database/sql"
	_ "embed"

	"github.com/qustavo/dotsql"
)

//go:embed queries.sql
var queriesSQL string

//go:embed *.sql
var allSQL string

func Embedded(db *sql.DB) { // want Embedded:"claims jobs"
	dot, _ := dotsql.LoadFromString(queriesSQL)
	dot.QueryRow(db, "next-job")
	all, _ := dotsql.LoadFromString(allSQL)
	all.QueryRow(db, "next-job")
}
