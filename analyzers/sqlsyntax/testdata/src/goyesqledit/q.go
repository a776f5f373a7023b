// Named queries the program edits before ScanToStruct prepares them are
// not the file's text: their %s is filled by then, and they are not
// judged. A query the program leaves alone is the file's, and its syntax
// error is reported where it runs.
package goyesqledit

import (
	"fmt"

	"github.com/jmoiron/sqlx"
	"github.com/knadh/goyesql/v2"
	goyesqlx "github.com/knadh/goyesql/v2/sqlx"
)

type Queries struct {
	LinkCounts *sqlx.Stmt `query:"link-counts"`
	ViewCounts *sqlx.Stmt `query:"view-counts"`
	NextSend   *sqlx.Stmt `query:"next-send"`
}

func Prepare(db *sqlx.DB, unique bool) (*Queries, error) {
	qs, err := goyesql.ParseFile("queries.sql")
	if err != nil {
		return nil, err
	}
	sel := "*"
	if unique {
		sel = "DISTINCT subscriber_id"
	}
	qs["link-counts"].Query = fmt.Sprintf(qs["link-counts"].Query, sel)
	qs["view-counts"] = &goyesql.Query{Query: "SELECT COUNT(*) FROM campaign_views WHERE campaign_id = $1"}
	var q Queries
	if err := goyesqlx.ScanToStruct(&q, qs, db); err != nil {
		return nil, err
	}
	return &q, nil
}

func Counts(q *Queries, campaign int64) (links, views, next int64, err error) {
	if err = q.LinkCounts.Get(&links, campaign); err != nil {
		return
	}
	if err = q.ViewCounts.Get(&views, campaign); err != nil {
		return
	}
	err = q.NextSend.Get(&next) // want `SQL does not parse: syntax error at or near "AND"`
	return
}
