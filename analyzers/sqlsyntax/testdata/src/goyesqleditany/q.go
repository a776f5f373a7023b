// The program edits a named query whose name it computes: any query may
// be edited, and none is judged by the file's text.
package goyesqleditany

import (
	"strings"

	"github.com/jmoiron/sqlx"
	"github.com/knadh/goyesql/v2"
	goyesqlx "github.com/knadh/goyesql/v2/sqlx"
)

type Queries struct {
	NextSend *sqlx.Stmt `query:"next-send"`
}

func Prepare(db *sqlx.DB, fix map[string]string) (*Queries, error) {
	qs, err := goyesql.ParseFile("queries.sql")
	if err != nil {
		return nil, err
	}
	for name, from := range fix {
		qs[name].Query = strings.ReplaceAll(qs[name].Query, from, "")
	}
	var q Queries
	if err := goyesqlx.ScanToStruct(&q, qs, db); err != nil {
		return nil, err
	}
	return &q, nil
}

func Next(q *Queries) (next int64, err error) {
	err = q.NextSend.Get(&next)
	return
}
