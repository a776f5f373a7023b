// The claim as one statement, in a goyesql file prepared into a struct
// field.
package ok_goyesql

import (
	"github.com/jmoiron/sqlx"
	"github.com/knadh/goyesql/v2"
	goyesqlx "github.com/knadh/goyesql/v2/sqlx"
)

type Queries struct {
	ClaimJob *sqlx.Stmt `query:"claim-job"`
}

func Prepare(db *sqlx.DB) (*Queries, error) {
	var q Queries
	return &q, goyesqlx.ScanToStruct(&q, goyesql.MustParseFile("queries.sql"), db)
}

func Take(q *Queries) (int64, error) {
	var id int64
	err := q.ClaimJob.Get(&id)
	return id, err
}
